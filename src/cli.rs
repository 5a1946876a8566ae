//! The command line: clap-derived options -> a `Config` per subcommand -> a library call.
//!
//! Each subcommand is an enum variant with its own `Args` struct and `run_*` function; results
//! go to stdout, diagnostics to stderr, and every path ends in an [`snapsolve::exit::Code`].
//! Image inputs are handled in [`image`], regression checks over folders in [`check`].

mod check;
mod image;
mod make;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::{Value, json};
use snapsolve::batch::{self, ImageOptions, InputKind};
use snapsolve::exit::Code;
use snapsolve::format;
use snapsolve::pipeline::ReadOptions;
use snapsolve::puzzle::{Game, Pos, Puzzle};
use snapsolve::solve::{self, Conflict, EnumStop, Outcome, Report, SolveError, SolveOptions};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

const AFTER_HELP: &str = "\
Examples:
  snapsolve solve shot.png                              read a screenshot and solve it
  snapsolve solve shot.png -o solved.png                also draw the answer onto the screenshot
  snapsolve solve shots/ --out-dir solved/ -j 2         a folder of screenshots, in parallel
  snapsolve read shot.png                               print the puzzle read, in the text format
  snapsolve check fixtures/ --junit report.xml          regression check against label files
  snapsolve solve fixtures/examples/lets-tango.txt      solve a puzzle text file
  snapsolve solve --format json a.txt b.png             one JSON object per line, per input
  cat puzzle.txt | snapsolve solve -                    read the puzzle (or an image) from stdin
  snapsolve check-format puzzles/*.txt                  validate puzzle text files
  snapsolve count empty-6x6.txt --limit 100000          count solutions

Inputs are recognised by content: PNG, JPEG and WebP images are read as screenshots, anything
else as puzzle text. A folder stands for the images in it (recursively).

Puzzle text (see docs/puzzle-format.md):
  tango 6x6                  queens 4x4
  S . . . . M                A A B B
  x                          A C C B
  . M=. . . .                D D C B
  ...                        D D D B
Tango cells are S (sun), M (moon) or . (empty); `=` / `x` between two cells are the markers.
A Queens solution prints the region grid with each crown cell's letter in lower case.

Exit codes:
  0 solved uniquely / valid / counted    5 bad input (puzzle text, undecodable image)
  1 internal error                        6 I/O error (or refusing to overwrite the input)
  2 usage error                           7 no board found in an image
  3 no solution                           8 solver timeout
  4 several solutions                     9 check / regression failure
With several inputs the most severe code wins.";

/// snapsolve: reads screenshots of LinkedIn Tango and Queens puzzles, solves them with z3 and
/// proves the solution unique.
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
    /// Solve puzzles (screenshots or puzzle text): prints the unique solution and which placed
    /// pieces are wrong, or two solutions and the cells where they differ, or a set of
    /// givens/markers/regions that cannot hold together and the cells to look at.
    #[command(after_help = AFTER_HELP)]
    Solve(SolveArgs),
    /// Read screenshots and print the puzzle read, in the text format (placed pieces and
    /// low-confidence reads as `#` comments).
    Read(ReadArgs),
    /// Regression check: read every image under the folders and compare with its label
    /// (`<id>.txt` beside the image, a `labels/` folder, or a MANIFEST.tsv); unlabelled images
    /// must solve uniquely, images under `negative/` must be refused.
    Check(CheckArgs),
    /// Validate puzzle text files (errors name the line and column).
    #[command(name = "check-format")]
    CheckFormat(CheckFormatArgs),
    /// Count the solutions of a puzzle (bounded by --limit).
    Count(CountArgs),
    /// Draw a puzzle as a LinkedIn-style screenshot (theme, scale, frame, state, JPEG, noise).
    #[command(
        after_help = "Examples:\n  snapsolve render fixtures/examples/queens-307.txt -o q.png --theme dark --frame phone\n  snapsolve render puzzle.txt -o shot.png --state in-progress --wrong 1 --jpeg-quality 70 --seed 3"
    )]
    Render(make::RenderArgs),
    /// Generate a puzzle with exactly one solution, graded by the deduction rules it needs.
    #[command(
        after_help = "Examples:\n  snapsolve generate tango --size 6 --difficulty hard --seed 7\n  snapsolve generate queens --size 9 --difficulty expert --png q9.png"
    )]
    Generate(make::GenerateArgs),
    /// The next cell that can be deduced without guessing, and the rule that shows it.
    #[command(
        after_help = "Examples:\n  snapsolve hint fixtures/examples/tango-six-givens.txt\n  snapsolve hint screenshot.png   (starts from the pieces already placed)"
    )]
    Hint(make::HintArgs),
}

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Human-readable text.
    Text,
    /// One JSON object per input, one per line.
    Json,
}

/// A game, to force the reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// Tango.
    Tango,
    /// Queens.
    Queens,
}

impl From<GameArg> for Game {
    fn from(g: GameArg) -> Game {
        match g {
            GameArg::Tango => Game::Tango,
            GameArg::Queens => Game::Queens,
        }
    }
}

/// Options of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Screenshots (PNG, JPEG, WebP), puzzle text files or folders of screenshots; `-` reads
    /// standard input.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Time limit per solver check in milliseconds (default: none; checks take
    /// microseconds). Hitting it is its own outcome (exit code 8).
    #[arg(long, value_name = "MS", alias = "timeout-ms", value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: Option<u64>,
    /// Report the raw unsat core instead of a minimal conflict set.
    #[arg(long)]
    pub raw_core: bool,
    /// Read screenshots as this game instead of deciding from the image.
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
    /// Write each reading stage's pictures and the stage timings into this folder.
    #[arg(long, value_name = "DIR")]
    pub debug_dir: Option<PathBuf>,
    /// Draw the answer onto the screenshot and write it here as PNG (`-`: standard output, the
    /// report then goes to standard error). One input only; never overwrites the input.
    #[arg(short = 'o', long = "output", value_name = "OUT.png")]
    pub output: Option<PathBuf>,
    /// Write an overlay per screenshot into this folder (`<name>.solved.png`, keeping the
    /// sub-folders of folder inputs).
    #[arg(long, value_name = "DIR", conflicts_with = "output")]
    pub out_dir: Option<PathBuf>,
    /// Replace overlay files that already exist (without it an existing output is an error,
    /// exit code 6). The input is never overwritten, even with --force.
    #[arg(short = 'f', long)]
    pub force: bool,
    /// Worker threads (0: one per core). The output is the same whatever the number.
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// No progress bar.
    #[arg(short = 'q', long)]
    pub quiet: bool,
}

/// Options of `read`.
#[derive(Debug, Args)]
pub struct ReadArgs {
    /// Screenshots (PNG, JPEG, WebP) or folders of screenshots; `-` reads standard input.
    #[arg(required = true, value_name = "IMAGE")]
    pub inputs: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Read as this game instead of deciding from the image.
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
    /// Write each reading stage's pictures and the stage timings into this folder.
    #[arg(long, value_name = "DIR")]
    pub debug_dir: Option<PathBuf>,
    /// Worker threads (0: one per core).
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// No progress bar.
    #[arg(short = 'q', long)]
    pub quiet: bool,
}

/// Options of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Folders (searched recursively) or image files.
    #[arg(required = true, value_name = "DIR")]
    pub inputs: Vec<PathBuf>,
    /// Output format: text lines and a summary table, or JSON lines ending with a summary.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Also write a JUnit XML report here (for CI systems).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Time limit per solver check in milliseconds (unlabelled images).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: Option<u64>,
    /// Worker threads (0: one per core). The output is the same whatever the number.
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// No progress bar.
    #[arg(short = 'q', long)]
    pub quiet: bool,
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
    /// Time limit per solver check in milliseconds (default: none).
    #[arg(long, value_name = "MS", alias = "timeout-ms", value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: Option<u64>,
    /// Counting engine: `fast` (a bitboard backtracker, the default) or `z3` (blocking
    /// clauses; the reference, much slower). Both are cross-checked in the tests.
    #[arg(long, default_value = "fast", value_parser = ["fast", "z3"])]
    pub engine: String,
}

/// Where an input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    Path(PathBuf),
}

impl Input {
    fn from_arg(p: &Path) -> Input {
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
    fn path(&self) -> Option<&Path> {
        match self {
            Input::Stdin => None,
            Input::Path(p) => Some(p),
        }
    }
}

/// One input of `solve` / `read` after folders are expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The input.
    pub input: Input,
    /// Where to write its overlay, if it is an image.
    pub overlay: Option<PathBuf>,
    /// Where to write its debug pictures.
    pub debug: Option<PathBuf>,
}

/// The validated configuration of `solve`.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    /// Inputs, in order.
    pub items: Vec<Item>,
    /// Output format.
    pub format: OutputFormat,
    /// Reading and solver options.
    pub options: ImageOptions,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// No progress bar.
    pub quiet: bool,
    /// The report goes to stderr (the overlay PNG goes to stdout).
    pub report_to_stderr: bool,
    /// Replace existing overlay files.
    pub force: bool,
}

/// A command line that parses but makes no sense (exit code 2), or folders that cannot be
/// listed (exit code 6).
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// Inconsistent options.
    #[error("{0}")]
    Usage(String),
    /// A folder could not be listed.
    #[error(transparent)]
    List(#[from] batch::ListError),
}

impl ConfigError {
    fn code(&self) -> Code {
        match self {
            ConfigError::Usage(_) => Code::Usage,
            ConfigError::List(_) => Code::Io,
        }
    }
}

/// Expands folders into their images; `-` stays standard input.
fn expand(inputs: &[PathBuf]) -> Result<Vec<(Input, batch::Found)>, batch::ListError> {
    let mut out = Vec::new();
    for p in inputs {
        if p.as_os_str() == "-" {
            out.push((
                Input::Stdin,
                batch::Found {
                    path: PathBuf::from("stdin"),
                    root: PathBuf::new(),
                },
            ));
        } else {
            let found = batch::expand_inputs(std::slice::from_ref(p))?;
            if found.is_empty() {
                return Err(batch::ListError {
                    path: p.display().to_string(),
                    source: std::io::Error::new(
                        std::io::ErrorKind::NotFound,
                        "no PNG, JPEG or WebP images in this folder",
                    ),
                });
            }
            for f in found {
                out.push((Input::Path(f.path.clone()), f));
            }
        }
    }
    Ok(out)
}

/// Output paths under `dir` for each found input: the path relative to its folder argument with
/// the extension replaced by `suffix`; when two inputs would share a name (`a.png`, `a.jpg`)
/// the full file name is kept (`a.png.solved.png`).
fn planned_paths(found: &[batch::Found], dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let short = |f: &batch::Found| {
        let rel = f.relative();
        let stem = rel.file_stem().unwrap_or_default().to_string_lossy();
        rel.with_file_name(format!("{stem}{suffix}"))
    };
    let long = |f: &batch::Found| {
        let rel = f.relative();
        let name = rel.file_name().unwrap_or_default().to_string_lossy();
        rel.with_file_name(format!("{name}{suffix}"))
    };
    let shorts: Vec<PathBuf> = found.iter().map(short).collect();
    found
        .iter()
        .zip(&shorts)
        .map(|(f, s)| {
            let clash = shorts.iter().filter(|x| *x == s).count() > 1;
            dir.join(if clash { long(f) } else { s.clone() })
        })
        .collect()
}

fn items_for(
    inputs: &[PathBuf],
    output: Option<&PathBuf>,
    out_dir: Option<&PathBuf>,
    debug_dir: Option<&PathBuf>,
) -> Result<Vec<Item>, ConfigError> {
    let found = expand(inputs)?;
    if output.is_some() && found.len() != 1 {
        return Err(ConfigError::Usage(format!(
            "-o/--output takes one input ({} given); use --out-dir for several",
            found.len()
        )));
    }
    let fs: Vec<batch::Found> = found.iter().map(|(_, f)| f.clone()).collect();
    let overlays = out_dir.map(|d| planned_paths(&fs, d, ".solved.png"));
    let debugs = debug_dir.map(|d| {
        if found.len() == 1 {
            vec![d.clone()]
        } else {
            planned_paths(&fs, d, "")
        }
    });
    Ok(found
        .into_iter()
        .enumerate()
        .map(|(i, (input, _))| Item {
            input,
            overlay: output
                .cloned()
                .or_else(|| overlays.as_ref().map(|o| o[i].clone())),
            debug: debugs.as_ref().map(|d| d[i].clone()),
        })
        .collect())
}

impl SolveConfig {
    /// Validates the options and expands folders.
    pub fn new(a: &SolveArgs) -> Result<SolveConfig, ConfigError> {
        let items = items_for(
            &a.inputs,
            a.output.as_ref(),
            a.out_dir.as_ref(),
            a.debug_dir.as_ref(),
        )?;
        if items.iter().filter(|i| i.input == Input::Stdin).count() > 1 {
            return Err(ConfigError::Usage("`-` can be given once".into()));
        }
        Ok(SolveConfig {
            items,
            format: a.format,
            options: ImageOptions {
                read: ReadOptions {
                    game: a.game.map(Game::from),
                    ..ReadOptions::default()
                },
                solve: SolveOptions {
                    timeout_ms: a.timeout,
                    minimize_core: !a.raw_core,
                    ..SolveOptions::default()
                },
            },
            jobs: a.jobs,
            quiet: a.quiet,
            force: a.force,
            report_to_stderr: a.output.as_deref() == Some(Path::new("-")),
        })
    }
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Code {
    match &cli.command {
        Command::Solve(a) => match SolveConfig::new(a) {
            Ok(cfg) => run_solve(&cfg),
            Err(e) => {
                eprintln!("snapsolve: {e}");
                e.code()
            }
        },
        Command::Read(a) => image::run_read(a),
        Command::Check(a) => check::run_check(a),
        Command::CheckFormat(a) => run_check_format(a),
        Command::Count(a) => run_count(a),
        Command::Render(a) => make::run_render(a),
        Command::Generate(a) => make::run_generate(a),
        Command::Hint(a) => make::run_hint(a),
    }
}

/// Why an input could not be turned into a puzzle.
#[derive(Debug, thiserror::Error)]
enum LoadError {
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Parse(#[from] format::ParseError),
    #[error("the input is larger than {0} bytes")]
    TooLarge(u64),
    #[error("this is a {0} image; this command reads puzzle text")]
    Image(&'static str),
    #[error("this is a {0} image; snapsolve reads PNG, JPEG and WebP screenshots")]
    OtherImage(&'static str),
}

impl LoadError {
    fn code(&self) -> Code {
        match self {
            LoadError::Io(_) => Code::Io,
            LoadError::Parse(_)
            | LoadError::TooLarge(_)
            | LoadError::Image(_)
            | LoadError::OtherImage(_) => Code::BadInput,
        }
    }
}

/// Reads a whole input, refusing directories and anything above `limit` bytes (without
/// reading more than `limit + 1` bytes).
fn read_input(input: &Input, limit: u64) -> Result<Vec<u8>, LoadError> {
    let mut buf = Vec::new();
    match input {
        Input::Stdin => {
            std::io::stdin()
                .lock()
                .take(limit + 1)
                .read_to_end(&mut buf)?;
        }
        Input::Path(p) => {
            let meta = std::fs::metadata(p)?;
            if meta.is_dir() {
                return Err(LoadError::Io(std::io::Error::new(
                    std::io::ErrorKind::IsADirectory,
                    "is a directory",
                )));
            }
            std::fs::File::open(p)?
                .take(limit + 1)
                .read_to_end(&mut buf)?;
        }
    }
    if buf.len() as u64 > limit {
        return Err(LoadError::TooLarge(limit));
    }
    Ok(buf)
}

/// Most bytes read from a puzzle-text-only input (a little above the text format's own limit,
/// so that an oversized file gets the parser's precise message).
const MAX_TEXT_INPUT_BYTES: u64 = format::MAX_TEXT_BYTES as u64 + 1;

/// Loads puzzle text (for `check-format` and `count`).
fn load(input: &Input) -> Result<(Puzzle, String), LoadError> {
    let bytes = match read_input(input, MAX_TEXT_INPUT_BYTES) {
        Err(LoadError::TooLarge(_)) => {
            // Let the parser say how large it is, with its line and column.
            return Err(format::parse_bytes(&vec![b'.'; format::MAX_TEXT_BYTES + 1])
                .err()
                .map_or(LoadError::TooLarge(MAX_TEXT_INPUT_BYTES), LoadError::Parse));
        }
        r => r?,
    };
    text_puzzle(&bytes)
}

fn text_puzzle(bytes: &[u8]) -> Result<(Puzzle, String), LoadError> {
    match batch::sniff(bytes) {
        InputKind::Image(k) => Err(LoadError::Image(k)),
        InputKind::OtherImage(k) => Err(LoadError::OtherImage(k)),
        InputKind::Text => {
            let puzzle = format::parse_bytes(bytes)?;
            let text = format::print(&puzzle);
            Ok((puzzle, text))
        }
    }
}

fn outcome_code(o: &Outcome) -> Code {
    batch::outcome_code(o)
}

fn error_code(e: &SolveError) -> Code {
    batch::solve_error_code(e)
}

/// What one input produced: its exit code, its report (stdout) and its diagnostics (stderr).
#[derive(Clone, Debug)]
struct ItemOut {
    code: Code,
    out: String,
    err: String,
}

/// A progress bar on stderr, drawn only on a terminal, without `-q`, for several inputs.
fn progress(n: usize, quiet: bool) -> indicatif::ProgressBar {
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
fn emit(outs: &[ItemOut]) -> Code {
    let mut worst = Code::Ok;
    let stdout = std::io::stdout();
    for o in outs {
        worst = worst.worst(o.code);
        if !o.err.is_empty() {
            eprint!("{}", o.err);
        }
        let mut lock = stdout.lock();
        if lock
            .write_all(o.out.as_bytes())
            .and_then(|_| lock.flush())
            .is_err()
        {
            return worst.worst(Code::Io);
        }
    }
    worst
}

/// `solve`: every input (in parallel), results printed in input order; the most severe code
/// wins.
pub fn run_solve(cfg: &SolveConfig) -> Code {
    let many = cfg.items.len() > 1;
    let pb = progress(cfg.items.len(), cfg.quiet);
    let outs = batch::run_ordered(&cfg.items, cfg.jobs, &|| pb.inc(1), |item| {
        guarded(&item.input, || solve_item(cfg, item, many))
    });
    pb.finish_and_clear();
    emit(&outs)
}

/// Runs one input's work, turning a panic (a bug) into an internal error for that input so
/// that a batch goes on with the other inputs.
fn guarded(input: &Input, f: impl FnOnce() -> ItemOut) -> ItemOut {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|_| ItemOut {
        code: Code::Internal,
        out: String::new(),
        err: format!(
            "snapsolve: {}: internal error (a bug): the program panicked on this input\n",
            input.name()
        ),
    })
}

/// Solves one input, sniffed by content.
fn solve_item(cfg: &SolveConfig, item: &Item, many: bool) -> ItemOut {
    let name = item.input.name();
    let json = cfg.format == OutputFormat::Json;
    let limit = cfg.options.read.decode.max_file_bytes;
    let t0 = std::time::Instant::now();
    let loaded = read_input(&item.input, limit).and_then(|bytes| match batch::sniff(&bytes) {
        InputKind::Image(_) => Ok(Err(bytes)),
        _ => text_puzzle(&bytes).map(Ok),
    });
    let load_time = t0.elapsed();
    match loaded {
        Ok(Err(bytes)) => image::solve_image(cfg, item, &name, &bytes, many, load_time),
        Ok(Ok((puzzle, text))) => {
            let mut o = solve_text(cfg, &name, many, &puzzle, &text);
            if item.overlay.is_some() && !many {
                o.err += &format!("snapsolve: {name}: warning: no overlay for puzzle text\n");
            }
            o
        }
        Err(e) => {
            let code = e.code();
            let err = match &e {
                LoadError::Parse(pe) => {
                    format!("snapsolve: {name}:{}:{}: {}\n", pe.line, pe.col, pe.message)
                }
                _ => format!("snapsolve: {name}: {e}\n"),
            };
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
fn solve_text(cfg: &SolveConfig, name: &str, many: bool, puzzle: &Puzzle, text: &str) -> ItemOut {
    let json = cfg.format == OutputFormat::Json;
    let mut err = String::new();
    for w in puzzle.warnings() {
        err += &format!("snapsolve: {name}: warning: {w}\n");
    }
    match solve::solve(puzzle, &cfg.options.solve) {
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
            let code = error_code(&e);
            err += &format!("snapsolve: {name}: {e}\n");
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
    if a.engine == "fast" {
        if let Err(e) = puzzle.validate() {
            eprintln!("snapsolve: {name}: {e}");
            return Code::BadInput;
        }
        let t = std::time::Instant::now();
        let limit = a.limit.unwrap_or(usize::MAX);
        let out = match &puzzle {
            Puzzle::Tango(t) => snapsolve::generate::search::count_tango(t, limit),
            Puzzle::Queens(q) => snapsolve::generate::search::count_queens(q, limit),
        };
        let secs = t.elapsed().as_secs_f64();
        if a.limit.is_some_and(|l| out.count >= l) {
            println!(
                "at least {} solutions (limit reached, {secs:.2} s)",
                out.count
            );
        } else {
            println!("{} solutions ({secs:.2} s)", out.count);
        }
        return Code::Ok;
    }
    let opts = SolveOptions {
        timeout_ms: a.timeout,
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
            "--timeout",
            "50",
            "--game",
            "queens",
            "a.txt",
            "-",
        ])
        .unwrap();
        let Command::Solve(a) = &cli.command else {
            panic!("expected solve")
        };
        let cfg = SolveConfig::new(a).unwrap();
        assert_eq!(cfg.format, OutputFormat::Json);
        assert_eq!(cfg.options.solve.timeout_ms, Some(50));
        assert_eq!(cfg.options.read.game, Some(Game::Queens));
        assert!(cfg.options.solve.minimize_core);
        let inputs: Vec<Input> = cfg.items.iter().map(|i| i.input.clone()).collect();
        assert_eq!(inputs, vec![Input::Path("a.txt".into()), Input::Stdin]);
        // The old spelling still works.
        assert!(Cli::try_parse_from(["snapsolve", "solve", "--timeout-ms", "5", "a"]).is_ok());
    }

    #[test]
    fn output_takes_one_input_and_excludes_out_dir() {
        let parse = |args: &[&str]| {
            let cli = Cli::try_parse_from(args).unwrap();
            let Command::Solve(a) = &cli.command else {
                panic!("expected solve")
            };
            SolveConfig::new(a).map(|c| c.items)
        };
        assert!(matches!(
            parse(&["snapsolve", "solve", "-o", "x.png", "a.png", "b.png"]),
            Err(ConfigError::Usage(_))
        ));
        let items = parse(&["snapsolve", "solve", "-o", "x.png", "a.png"]).unwrap();
        assert_eq!(items[0].overlay, Some(PathBuf::from("x.png")));
        assert!(
            Cli::try_parse_from(["snapsolve", "solve", "-o", "x", "--out-dir", "d", "a"]).is_err()
        );
        let items = parse(&["snapsolve", "solve", "--out-dir", "o", "d/a.png", "e/a.jpg"]).unwrap();
        assert_eq!(items[0].overlay, Some(PathBuf::from("o/a.png.solved.png")));
        assert_eq!(items[1].overlay, Some(PathBuf::from("o/a.jpg.solved.png")));
        let items = parse(&["snapsolve", "solve", "--out-dir", "o", "d/a.png"]).unwrap();
        assert_eq!(items[0].overlay, Some(PathBuf::from("o/a.solved.png")));
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
}
