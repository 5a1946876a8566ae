//! The command line as clap types: the subcommands, their flags and help texts, and the
//! value enums. Parsing only; [`super::config`] turns the parsed flags into a Config per
//! subcommand.

use clap::{Args, Parser, Subcommand, ValueEnum};
use snapsolve::board::Theme;
use snapsolve::generate::deduce::Grade;
use snapsolve::puzzle::Game;
use snapsolve::render::synth;
use std::path::PathBuf;

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
  snapsolve count fixtures/examples/tango-empty-6x6.txt  count solutions (11222)

Inputs are recognised by content: PNG, JPEG and WebP images are read as screenshots, anything
else as puzzle text (but a .png/.jpg/.jpeg/.webp file that holds no image is an image error).
A folder stands for the images in it (recursively).

Puzzle text (see docs/puzzle-format.md):
  tango 6x6                  queens 4x4
  S . . . . M                A A B B
  x                          A C C B
  . M=. . . .                D D C B
  ...                        D D D B
Tango cells are S (sun), M (moon) or . (empty); `=` / `x` between two cells are the markers.
A Queens solution prints the region grid with each crown cell's letter in lower case.

Exit codes:
  0 solved uniquely / valid / counted    6 I/O error; refusing to overwrite
  1 internal error                       7 no board found, or board cut off
  2 usage error; value out of range      8 solver timeout
  3 no solution                          9 check / regression failure
  4 several solutions                   10 uncertain: doubtful reads decide
  5 bad input: puzzle text, or an image that cannot be decoded or is too large
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
    Render(RenderArgs),
    /// Generate a puzzle with exactly one solution, graded by the deduction rules it needs.
    #[command(
        after_help = "Examples:\n  snapsolve generate tango --size 6 --difficulty hard --seed 7\n  snapsolve generate queens --size 9 --difficulty expert --png q9.png"
    )]
    Generate(GenerateArgs),
    /// The next cell that can be deduced without guessing, the rule that shows it and the
    /// cells behind it; a wrong placed piece first.
    #[command(
        after_help = "Placed pieces are checked against the unique solution first: a wrong piece is the\nfirst (and only) hint. In puzzle text, lower case marks the player's pieces (see\ndocs/puzzle-format.md).\n\nExamples:\n  snapsolve hint fixtures/examples/tango-six-givens.txt\n  snapsolve hint fixtures/examples/queens-307.txt --all\n  snapsolve hint screenshot.png --png hint.png   (starts from the pieces already placed)"
    )]
    Hint(HintArgs),
    /// Serve a local web page (paste, drop or pick a screenshot; see the answer drawn on it)
    /// and its JSON API (`POST /api/solve`, `POST /api/hint`, `GET /api/health`).
    Serve(ServeArgs),
    /// Solve every new screenshot saved into a folder: print the answer and write the overlay
    /// next to it (or into --out-dir).
    Watch(WatchArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Examples:\n  snapsolve completions bash > ~/.local/share/bash-completion/completions/snapsolve\n  snapsolve completions zsh > ~/.zfunc/_snapsolve\n  snapsolve completions fish > ~/.config/fish/completions/snapsolve.fish"
    )]
    Completions(CompletionsArgs),
    /// Print the man page (roff).
    #[command(after_help = "Example:\n  snapsolve man > snapsolve.1 && man -l snapsolve.1")]
    Man,
}

/// Options of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
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
    /// Replace an output file that already exists (without it an existing output is an
    /// error, exit code 6). The input is never overwritten, even with --force.
    #[arg(short = 'f', long)]
    pub force: bool,
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
    #[arg(long, value_enum, default_value_t = Engine::Fast)]
    pub engine: Engine,
}

/// Options of `render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// A puzzle text file (`-` reads standard input).
    #[arg(value_name = "PUZZLE")]
    pub input: PathBuf,
    /// Output PNG (`-` writes the PNG to standard output, never to a terminal). Never the
    /// input.
    #[arg(short, long, value_name = "OUT.png")]
    pub output: PathBuf,
    /// Replace an output file that already exists (without it an existing output is an
    /// error, exit code 6). The input is never overwritten, even with --force.
    #[arg(short = 'f', long)]
    pub force: bool,
    /// Page theme: light or dark.
    #[arg(long, value_enum, default_value_t = ThemeArg::Light)]
    pub theme: ThemeArg,
    /// Board width in pixels (24..=4000).
    #[arg(long, default_value_t = 360, value_parser = clap::value_parser!(u32).range(
        i64::from(synth::SCALE_RANGE.0)..=i64::from(synth::SCALE_RANGE.1)))]
    pub scale: u32,
    /// Chrome around the board: none (a cropped board), desktop (a page), phone (the app).
    #[arg(long, value_enum, default_value_t = FrameArg::None)]
    pub frame: FrameArg,
    /// Game state drawn: raw (the puzzle), in-progress (some pieces placed), solved.
    #[arg(long, value_enum, default_value_t = StateArg::Raw)]
    pub state: StateArg,
    /// Re-encode as JPEG at this quality (1..=100) before writing, as phones do.
    #[arg(long, value_name = "Q", value_parser = clap::value_parser!(u8).range(1..=100))]
    pub jpeg_quality: Option<u8>,
    /// Gaussian blur sigma in pixels (0..=20).
    #[arg(long, default_value_t = 0.0, value_parser = f32_in(0.0, 20.0))]
    pub blur: f32,
    /// Per-channel noise standard deviation, in grey levels (0..=64).
    #[arg(long, default_value_t = 0.0, value_parser = f32_in(0.0, 64.0))]
    pub noise: f32,
    /// Seed for every random choice (the same seed draws the same image).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// In-progress: how many placed pieces are wrong.
    #[arg(long, default_value_t = 0)]
    pub wrong: usize,
    /// Draw the OS mouse pointer (arrow or pointing hand) at a seeded cell edge or cell.
    #[arg(long, value_enum)]
    pub pointer: Option<PointerArg>,
    /// Pointer size relative to its 1x size, 0..=20 (default: follow --scale, board width /
    /// 360).
    #[arg(long, value_name = "K", value_parser = f32_in(0.0, 20.0))]
    pub pointer_scale: Option<f32>,
    /// LinkedIn's red rule-break stripes on a seeded row or column (on the cells' ground,
    /// under pieces and markers, as LinkedIn draws them). On a Queens board the player's
    /// crowns clash on that line: crowns are added there, as LinkedIn stripes only a broken
    /// rule.
    #[arg(long)]
    pub stripes: bool,
    /// Translucent red stripes over everything in a seeded row or column, pieces and markers
    /// included (harsher than LinkedIn's own; Queens crowns clash there as with --stripes).
    #[arg(long)]
    pub stripes_over: bool,
    /// The bright diagonal band that sweeps a solved board.
    #[arg(long)]
    pub shimmer: bool,
    /// Opacity of the placed pieces, 0..=1 (below 1: caught fading in).
    #[arg(long, value_name = "OPACITY", default_value_t = 1.0, value_parser = f32_in(0.0, 1.0))]
    pub fade: f32,
    /// Tango: two procedural icons of seeded colours and shapes instead of sun and moon.
    #[arg(long)]
    pub themed: bool,
    /// Crop the image through the board's outer column or row on this side.
    #[arg(long, value_enum)]
    pub cut: Option<SideArg>,
    /// Queens: LinkedIn's hint mode (a seeded region darker or outlined, the rest of the
    /// board veiled or hatched); a Tango puzzle is refused.
    #[arg(long)]
    pub hint_mode: bool,
}

/// Options of `generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Which game.
    #[arg(value_enum)]
    pub game: GameArg,
    /// Board side: Tango even 4..=12, Queens 5..=12 (anything else is a usage error).
    #[arg(long, default_value_t = 6,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(4..=12))]
    pub size: usize,
    /// The hardest deduction rule the puzzle needs: easy, medium, hard or expert.
    #[arg(long, value_enum, default_value_t = DifficultyArg::Medium)]
    pub difficulty: DifficultyArg,
    /// Seed: the same seed gives the same puzzle. Without it a fresh seed is drawn and printed
    /// on standard error, so that the puzzle can be made again.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Also draw the puzzle as a LinkedIn-style screenshot to this PNG (`-`: standard
    /// output, never a terminal; the puzzle text then goes to standard error).
    #[arg(long, value_name = "OUT.png")]
    pub png: Option<PathBuf>,
    /// Replace an output file that already exists (without it an existing output is an
    /// error, exit code 6). The input is never overwritten, even with --force.
    #[arg(short = 'f', long)]
    pub force: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

/// Options of `hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// A puzzle text file or a screenshot (`-` reads standard input).
    #[arg(value_name = "PUZZLE|IMAGE")]
    pub input: PathBuf,
    /// Force the game when reading a screenshot.
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
    /// Every step to the solution, one a line, each with its rule and grade.
    #[arg(long)]
    pub all: bool,
    /// Draw the hint (the cell, what it holds, the cells behind it) on the screenshot, or on a
    /// drawing of the puzzle text, and write it here as PNG (`-`: standard output).
    #[arg(long, value_name = "OUT.png")]
    pub png: Option<PathBuf>,
    /// Replace an existing --png file (without it an existing output is an error, exit code
    /// 6). The input is never overwritten, even with --force.
    #[arg(short = 'f', long)]
    pub force: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

/// A value parser for a number in `lo..=hi`: anything else is a usage error (exit code 2),
/// reported by clap like every other bad value.
fn f32_in(lo: f32, hi: f32) -> impl Fn(&str) -> Result<f32, String> + Clone + Send + Sync {
    move |s: &str| {
        let v: f32 = s
            .trim()
            .parse()
            .map_err(|_| format!("`{s}` is not a number"))?;
        if v.is_finite() && (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(format!("{s} is not in {lo}..={hi}"))
        }
    }
}

// The value enums below carry no `///` on their variants so that the help keeps its short
// `[possible values: ...]` list.

/// The engine of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum Engine {
    // A bitboard backtracker.
    Fast,
    // z3 with blocking clauses (the reference).
    Z3,
}

/// The page theme of `render`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum ThemeArg {
    Light,
    Dark,
}

impl From<ThemeArg> for Theme {
    fn from(t: ThemeArg) -> Theme {
        match t {
            ThemeArg::Light => Theme::Light,
            ThemeArg::Dark => Theme::Dark,
        }
    }
}

/// What `render` draws around the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum FrameArg {
    None,
    Desktop,
    Phone,
}

impl From<FrameArg> for synth::Frame {
    fn from(f: FrameArg) -> synth::Frame {
        match f {
            FrameArg::None => synth::Frame::None,
            FrameArg::Desktop => synth::Frame::Desktop,
            FrameArg::Phone => synth::Frame::Phone,
        }
    }
}

/// The mouse pointer `render` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum PointerArg {
    Arrow,
    Hand,
}

impl From<PointerArg> for synth::Pointer {
    fn from(p: PointerArg) -> synth::Pointer {
        match p {
            PointerArg::Arrow => synth::Pointer::Arrow,
            PointerArg::Hand => synth::Pointer::Hand,
        }
    }
}

/// The image edge `render --cut` crops the board at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum SideArg {
    Left,
    Right,
    Top,
    Bottom,
}

impl From<SideArg> for synth::Side {
    fn from(s: SideArg) -> synth::Side {
        match s {
            SideArg::Left => synth::Side::Left,
            SideArg::Right => synth::Side::Right,
            SideArg::Top => synth::Side::Top,
            SideArg::Bottom => synth::Side::Bottom,
        }
    }
}

/// The game state `render` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum StateArg {
    Raw,
    InProgress,
    Solved,
}

impl From<StateArg> for synth::GameState {
    fn from(s: StateArg) -> synth::GameState {
        match s {
            StateArg::Raw => synth::GameState::Raw,
            StateArg::InProgress => synth::GameState::InProgress,
            StateArg::Solved => synth::GameState::Solved,
        }
    }
}

/// The difficulty `generate` aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum DifficultyArg {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl From<DifficultyArg> for Grade {
    fn from(d: DifficultyArg) -> Grade {
        match d {
            DifficultyArg::Easy => Grade::Easy,
            DifficultyArg::Medium => Grade::Medium,
            DifficultyArg::Hard => Grade::Hard,
            DifficultyArg::Expert => Grade::Expert,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Command, clap::Error> {
        Cli::try_parse_from(std::iter::once("snapsolve").chain(args.iter().copied()))
            .map(|c| c.command)
    }

    #[test]
    fn cli_definition_is_valid() {
        Cli::command().debug_assert();
    }

    #[test]
    fn solve_needs_a_file_and_count_takes_a_limit() {
        assert!(parse(&["solve"]).is_err());
        let Ok(Command::Count(a)) = parse(&["count", "x.txt", "--limit", "7"]) else {
            panic!("expected count")
        };
        assert_eq!(a.limit, Some(7));
        assert_eq!(a.engine, Engine::Fast);
        assert!(parse(&["count", "x.txt", "--limit", "-1"]).is_err());
        assert!(parse(&["count", "x.txt", "--engine", "slow"]).is_err());
    }

    #[test]
    fn timeouts_are_positive_and_keep_the_old_spelling() {
        assert!(parse(&["solve", "--timeout-ms", "5", "a"]).is_ok());
        assert!(parse(&["solve", "--timeout", "0", "a"]).is_err());
        assert!(parse(&["solve", "-o", "x", "--out-dir", "d", "a"]).is_err());
    }

    #[test]
    fn render_and_generate_take_value_enums() {
        let Ok(Command::Render(r)) = parse(&[
            "render",
            "p.txt",
            "-o",
            "x.png",
            "--theme",
            "dark",
            "--frame",
            "phone",
            "--state",
            "in-progress",
        ]) else {
            panic!("expected render")
        };
        assert_eq!(Theme::from(r.theme), Theme::Dark);
        assert_eq!(synth::Frame::from(r.frame), synth::Frame::Phone);
        assert_eq!(
            synth::GameState::from(r.state),
            synth::GameState::InProgress
        );
        let Ok(Command::Render(r)) = parse(&["render", "p.txt", "-o", "x.png"]) else {
            panic!("expected render")
        };
        assert_eq!(
            (r.theme, r.frame, r.state),
            (ThemeArg::Light, FrameArg::None, StateArg::Raw)
        );
        assert!(parse(&["render", "p.txt", "-o", "x.png", "--frame", "tablet"]).is_err());
        let Ok(Command::Render(r)) = parse(&[
            "render",
            "p.txt",
            "-o",
            "x.png",
            "--pointer",
            "hand",
            "--cut",
            "left",
            "--stripes",
            "--stripes-over",
            "--shimmer",
            "--fade",
            "0.5",
            "--themed",
            "--hint-mode",
        ]) else {
            panic!("expected render")
        };
        assert_eq!(
            r.pointer.map(synth::Pointer::from),
            Some(synth::Pointer::Hand)
        );
        assert_eq!(r.cut.map(synth::Side::from), Some(synth::Side::Left));
        assert!(
            r.stripes && r.stripes_over && r.shimmer && r.themed && r.hint_mode && r.fade == 0.5
        );
        assert!(parse(&["render", "p.txt", "-o", "x.png", "--pointer", "finger"]).is_err());
        for bad in [
            ["--scale", "10"],
            ["--jpeg-quality", "0"],
            ["--fade", "1.5"],
            ["--blur", "21"],
            ["--noise", "nan"],
            ["--pointer-scale", "99"],
        ] {
            let e = parse(&["render", "p.txt", "-o", "x.png", bad[0], bad[1]]).unwrap_err();
            assert_eq!(e.kind(), clap::error::ErrorKind::ValueValidation, "{bad:?}");
        }
        for bad in ["2", "13", "x"] {
            assert!(parse(&["generate", "tango", "--size", bad]).is_err());
        }
        let Ok(Command::Generate(g)) = parse(&["generate", "queens", "--difficulty", "expert"])
        else {
            panic!("expected generate")
        };
        assert_eq!(Grade::from(g.difficulty), Grade::Expert);
        assert_eq!(g.game, GameArg::Queens);
    }
}

/// Options of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port (0: any free port; the URL printed tells which).
    #[arg(long, default_value_t = 8377)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address (such as 0.0.0.0, to open the
    /// page from a phone on the same network) requires the random access token printed in the
    /// URL on every request.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Screenshots solved at once (0: one per core); more wait in a bounded queue.
    #[arg(short = 'j', long, default_value_t = 0)]
    pub jobs: usize,
}

/// Options of `watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The folder to watch (e.g. the screenshots folder).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Write the overlays here instead of next to the screenshots.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Output format of the answers printed.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}
