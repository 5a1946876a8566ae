//! The command line: clap-derived options -> a `Config` per subcommand -> a library call.
//!
//! Each subcommand is an enum variant with its own `Args` struct, `Config` and `run_*`
//! function; results go to stdout, diagnostics to stderr, and every path ends in an
//! [`snapsolve::exit::Code`].

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::{Value, json};
use snapsolve::exit::Code;
use snapsolve::format;
use snapsolve::puzzle::{Pos, Puzzle};
use snapsolve::solve::{self, Conflict, EnumStop, Outcome, Report, SolveError, SolveOptions};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Duration;

const AFTER_HELP: &str = "\
Examples:
  snapsolve solve fixtures/examples/lets-tango.txt      solve a puzzle text file
  snapsolve solve --format json a.txt b.txt             one JSON object per line, per file
  cat puzzle.txt | snapsolve solve -                    read the puzzle from stdin
  snapsolve check-format puzzles/*.txt                  validate puzzle text files
  snapsolve count empty-6x6.txt --limit 100000          count solutions

Puzzle text (see docs/puzzle-format.md):
  tango 6x6                  queens 4x4
  S . . . . M                A A B B
  x                          A C C B
  . M=. . . .                D D C B
  ...                        D D D B
Tango cells are S (sun), M (moon) or . (empty); `=` / `x` between two cells are the markers.
A Queens solution prints the region grid with each crown cell's letter in lower case.

Exit codes:
  0 solved uniquely / valid / counted    5 bad input (puzzle text or image content)
  1 internal error                        6 I/O error
  2 usage error                           7 no board found in an image
  3 no solution                           8 solver timeout
  4 several solutions                     9 check / regression failure
With several files the most severe code wins.";

/// snapsolve: solves LinkedIn Tango and Queens puzzles with z3 and proves the solution unique.
#[derive(Debug, Parser)]
#[command(name = "snapsolve", version, about, after_help = AFTER_HELP)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles: prints the unique solution, or two solutions and the cells where they
    /// differ, or a set of givens/markers/regions that cannot hold together.
    #[command(after_help = AFTER_HELP)]
    Solve(SolveArgs),
    /// Validate puzzle text files (errors name the line and column).
    #[command(name = "check-format")]
    CheckFormat(CheckFormatArgs),
    /// Count the solutions of a puzzle (bounded by --limit).
    Count(CountArgs),
}

/// Output format of `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Human-readable text.
    Text,
    /// One JSON object per input, one per line.
    Json,
}

/// Options of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Puzzle text files; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Timeout per solver check in milliseconds (default: none; checks take microseconds).
    #[arg(long, value_name = "MS")]
    pub timeout_ms: Option<u64>,
    /// Report the raw unsat core instead of a minimal conflict set.
    #[arg(long)]
    pub raw_core: bool,
}

/// Options of `check-format`.
#[derive(Debug, Args)]
pub struct CheckFormatArgs {
    /// Puzzle text files; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
}

/// Options of `count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// A puzzle text file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub input: PathBuf,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Timeout per solver check in milliseconds (default: none).
    #[arg(long, value_name = "MS")]
    pub timeout_ms: Option<u64>,
}

/// Where a puzzle comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    Path(PathBuf),
}

impl Input {
    fn from_arg(p: &std::path::Path) -> Input {
        if p.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::Path(p.to_path_buf())
        }
    }
    fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".into(),
            Input::Path(p) => p.display().to_string(),
        }
    }
}

/// The validated configuration of `solve`.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    /// Inputs, in order.
    pub inputs: Vec<Input>,
    /// Output format.
    pub format: OutputFormat,
    /// Solver options.
    pub options: SolveOptions,
}

impl From<&SolveArgs> for SolveConfig {
    fn from(a: &SolveArgs) -> Self {
        SolveConfig {
            inputs: a.inputs.iter().map(|p| Input::from_arg(p)).collect(),
            format: a.format,
            options: SolveOptions {
                timeout_ms: a.timeout_ms,
                minimize_core: !a.raw_core,
                ..SolveOptions::default()
            },
        }
    }
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Code {
    match &cli.command {
        Command::Solve(a) => run_solve(&SolveConfig::from(a)),
        Command::CheckFormat(a) => run_check_format(a),
        Command::Count(a) => run_count(a),
    }
}

/// Why an input could not be turned into a puzzle.
#[derive(Debug, thiserror::Error)]
enum LoadError {
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Parse(#[from] format::ParseError),
    #[error("this is a {0} image, not puzzle text; image input is not read by this build")]
    Image(&'static str),
}

impl LoadError {
    fn code(&self) -> Code {
        match self {
            LoadError::Io(_) => Code::Io,
            LoadError::Parse(_) | LoadError::Image(_) => Code::BadInput,
        }
    }
}

/// Most bytes read from one input (a little above the text format's own limit, so that an
/// oversized file gets the parser's precise message).
const MAX_INPUT_BYTES: u64 = format::MAX_TEXT_BYTES as u64 + 1;

fn read_input(input: &Input) -> Result<Vec<u8>, std::io::Error> {
    let mut buf = Vec::new();
    match input {
        Input::Stdin => {
            std::io::stdin()
                .lock()
                .take(MAX_INPUT_BYTES)
                .read_to_end(&mut buf)?;
        }
        Input::Path(p) => {
            std::fs::File::open(p)?
                .take(MAX_INPUT_BYTES)
                .read_to_end(&mut buf)?;
        }
    }
    Ok(buf)
}

/// The image formats recognised by their first bytes. Image inputs are where the reading
/// stage plugs into `solve`: an image goes through `vision` to a [`Puzzle`] instead of the
/// text parser.
fn image_kind(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("PNG")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("JPEG")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("WebP")
    } else {
        None
    }
}

fn load(input: &Input) -> Result<(Puzzle, String), LoadError> {
    let bytes = read_input(input)?;
    if let Some(kind) = image_kind(&bytes) {
        return Err(LoadError::Image(kind));
    }
    let puzzle = format::parse_bytes(&bytes)?;
    let text = format::print(&puzzle);
    Ok((puzzle, text))
}

fn outcome_code(o: &Outcome) -> Code {
    match o {
        Outcome::Unique(_) => Code::Ok,
        Outcome::Several { .. } => Code::Several,
        Outcome::None { .. } => Code::NoSolution,
        Outcome::Timeout { .. } => Code::Timeout,
    }
}

fn error_code(e: &SolveError) -> Code {
    match e {
        SolveError::Puzzle(_) => Code::BadInput,
        SolveError::CheckerRejected(_) | SolveError::Unknown(_) | SolveError::Z3(_) => {
            Code::Internal
        }
    }
}

/// `solve`: every input in turn; the most severe code wins.
pub fn run_solve(cfg: &SolveConfig) -> Code {
    let mut worst = Code::Ok;
    let many = cfg.inputs.len() > 1;
    let stdout = std::io::stdout();
    for input in &cfg.inputs {
        let name = input.name();
        let (code, out) = solve_one(cfg, input, &name, many);
        worst = worst.worst(code);
        let mut lock = stdout.lock();
        if lock
            .write_all(out.as_bytes())
            .and_then(|_| lock.flush())
            .is_err()
        {
            return worst.worst(Code::Io);
        }
    }
    worst
}

/// Solves one input; returns its exit code and what to print on stdout (diagnostics go to
/// stderr here).
fn solve_one(cfg: &SolveConfig, input: &Input, name: &str, many: bool) -> (Code, String) {
    let json = cfg.format == OutputFormat::Json;
    let (puzzle, text) = match load(input) {
        Ok(x) => x,
        Err(e) => {
            let code = e.code();
            eprintln!("snapsolve: {name}: {e}");
            let out = if json {
                line(json!({"file": name, "exit_code": code.code(), "error": e.to_string()}))
            } else {
                String::new()
            };
            return (code, out);
        }
    };
    for w in puzzle.warnings() {
        eprintln!("snapsolve: {name}: warning: {w}");
    }
    match solve::solve(&puzzle, &cfg.options) {
        Ok(report) => {
            let code = outcome_code(&report.outcome);
            let out = if json {
                line(report_json(name, &puzzle, &text, &report, code))
            } else {
                report_text(name, many, &puzzle, &report)
            };
            (code, out)
        }
        Err(e) => {
            let code = error_code(&e);
            eprintln!("snapsolve: {name}: {e}");
            let out = if json {
                line(
                    json!({"file": name, "exit_code": code.code(), "error": e.to_string(),
                    "puzzle": text}),
                )
            } else {
                String::new()
            };
            (code, out)
        }
    }
}

fn line(v: Value) -> String {
    let mut s = v.to_string();
    s.push('\n');
    s
}

fn pos_list(ps: &[Pos]) -> String {
    ps.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn report_text(name: &str, many: bool, p: &Puzzle, r: &Report) -> String {
    let mut out = String::new();
    if many {
        out.push_str(&format!("== {name}\n"));
    }
    match &r.outcome {
        Outcome::Unique(s) => {
            out.push_str("unique solution\n");
            out.push_str(&format::print_solution(p, s));
        }
        Outcome::Several { a, b, differ } => {
            out.push_str(&format!(
                "several solutions; two of them differ at {}\nsolution 1:\n{}solution 2:\n{}",
                pos_list(differ),
                format::print_solution(p, a),
                format::print_solution(p, b)
            ));
        }
        Outcome::None { conflict } => {
            out.push_str("no solution; these cannot hold together:\n");
            for c in conflict {
                out.push_str(&format!("  {c}\n"));
            }
        }
        Outcome::Timeout { first } => {
            out.push_str("timeout: the solver gave up");
            match first {
                Some(s) => out.push_str(&format!(
                    " before proving this solution unique\n{}",
                    format::print_solution(p, s)
                )),
                None => out.push('\n'),
            }
        }
    }
    out
}

fn pos_json(p: Pos) -> Value {
    json!({"row": p.row, "col": p.col, "display": p.to_string()})
}

fn conflict_json(c: &Conflict) -> Value {
    let display = c.to_string();
    match *c {
        Conflict::Given { pos, symbol } => json!({"kind": "given", "cell": pos_json(pos),
            "symbol": symbol, "display": display}),
        Conflict::Marker { edge, marker } => {
            let (a, b) = edge.cells();
            json!({"kind": "marker", "cells": [pos_json(a), pos_json(b)],
                "marker": marker, "display": display})
        }
        Conflict::Row(r) => json!({"kind": "row", "row": r, "display": display}),
        Conflict::Column(k) => json!({"kind": "column", "col": k, "display": display}),
        Conflict::Region(k) => json!({"kind": "region", "region": k,
            "letter": snapsolve::Queens::letter(k).to_string(), "display": display}),
    }
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn report_json(name: &str, p: &Puzzle, text: &str, r: &Report, code: Code) -> Value {
    let (rows, cols) = p.size();
    let t = &r.timings;
    let mut v = json!({
        "file": name,
        "game": p.game(),
        "rows": rows,
        "cols": cols,
        "puzzle": text,
        "outcome": r.outcome.name(),
        "exit_code": code.code(),
        "timings_us": {
            "build": micros(t.build), "first": micros(t.first), "second": micros(t.second),
            "explain": micros(t.explain), "total": micros(t.total),
        },
    });
    let m = v.as_object_mut().expect("json object");
    match &r.outcome {
        Outcome::Unique(s) => {
            m.insert("solution".into(), format::print_solution(p, s).into());
        }
        Outcome::Several { a, b, differ } => {
            m.insert(
                "solutions".into(),
                json!([format::print_solution(p, a), format::print_solution(p, b)]),
            );
            m.insert(
                "differ".into(),
                differ.iter().map(|&q| pos_json(q)).collect::<Value>(),
            );
        }
        Outcome::None { conflict } => {
            m.insert(
                "conflict".into(),
                conflict.iter().map(conflict_json).collect::<Value>(),
            );
        }
        Outcome::Timeout { first } => {
            if let Some(s) = first {
                m.insert("solution".into(), format::print_solution(p, s).into());
            }
        }
    }
    v
}

/// `check-format`: parses every input, reports `ok` or the error with line and column.
pub fn run_check_format(a: &CheckFormatArgs) -> Code {
    let mut worst = Code::Ok;
    for input in a.inputs.iter().map(|p| Input::from_arg(p)) {
        let name = input.name();
        match load(&input) {
            Ok((p, _)) => {
                let (rows, cols) = p.size();
                println!("{name}: ok ({} {rows}x{cols})", p.game());
                for w in p.warnings() {
                    eprintln!("snapsolve: {name}: warning: {w}");
                }
            }
            Err(e) => {
                match &e {
                    LoadError::Parse(pe) => {
                        eprintln!("{name}:{}:{}: {}", pe.line, pe.col, pe.message)
                    }
                    _ => eprintln!("snapsolve: {name}: {e}"),
                }
                worst = worst.worst(e.code());
            }
        }
    }
    worst
}

/// `count`: enumerates solutions up to the limit.
pub fn run_count(a: &CountArgs) -> Code {
    let input = Input::from_arg(&a.input);
    let name = input.name();
    let puzzle = match load(&input) {
        Ok((p, _)) => p,
        Err(e) => {
            eprintln!("snapsolve: {name}: {e}");
            return e.code();
        }
    };
    let opts = SolveOptions {
        timeout_ms: a.timeout_ms,
        ..SolveOptions::default()
    };
    match solve::count(&puzzle, &opts, a.limit) {
        Ok(e) => {
            let secs = e.elapsed.as_secs_f64();
            match e.stop {
                EnumStop::Exhausted => println!("{} solutions ({secs:.2} s)", e.count),
                EnumStop::Limit => {
                    println!(
                        "at least {} solutions (limit reached, {secs:.2} s)",
                        e.count
                    )
                }
                EnumStop::Timeout => {
                    println!("at least {} solutions (timeout, {secs:.2} s)", e.count);
                    return Code::Timeout;
                }
            }
            Code::Ok
        }
        Err(e) => {
            eprintln!("snapsolve: {name}: {e}");
            error_code(&e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_valid() {
        Cli::command().debug_assert();
    }

    #[test]
    fn solve_args_become_config() {
        let cli = Cli::try_parse_from([
            "snapsolve",
            "solve",
            "--format",
            "json",
            "--timeout-ms",
            "50",
            "a.txt",
            "-",
        ])
        .unwrap();
        let Command::Solve(a) = &cli.command else {
            panic!("expected solve")
        };
        let cfg = SolveConfig::from(a);
        assert_eq!(cfg.format, OutputFormat::Json);
        assert_eq!(cfg.options.timeout_ms, Some(50));
        assert!(cfg.options.minimize_core);
        assert_eq!(cfg.inputs, vec![Input::Path("a.txt".into()), Input::Stdin]);
    }

    #[test]
    fn solve_needs_a_file_and_count_takes_a_limit() {
        assert!(Cli::try_parse_from(["snapsolve", "solve"]).is_err());
        let cli = Cli::try_parse_from(["snapsolve", "count", "x.txt", "--limit", "7"]).unwrap();
        let Command::Count(a) = &cli.command else {
            panic!("expected count")
        };
        assert_eq!(a.limit, Some(7));
        assert!(Cli::try_parse_from(["snapsolve", "count", "x.txt", "--limit", "-1"]).is_err());
    }

    #[test]
    fn images_are_recognised_by_content() {
        assert_eq!(image_kind(b"\x89PNG\r\n\x1a\nrest"), Some("PNG"));
        assert_eq!(image_kind(&[0xff, 0xd8, 0xff, 0xe0]), Some("JPEG"));
        assert_eq!(image_kind(b"RIFF0000WEBPVP8 "), Some("WebP"));
        assert_eq!(image_kind(b"tango 6x6\n"), None);
    }
}
