//! `render`, `generate` and `hint`: drawing synthetic screenshots, making new puzzles, and the
//! next deducible cell of a puzzle or screenshot.

use super::{GameArg, OutputFormat};
use clap::Args;
use serde_json::json;
use snapsolve::exit::Code;
use snapsolve::format;
use snapsolve::generate::deduce::{self, Fill, Grade, State};
use snapsolve::generate::make::{GenerateOptions, generate};
use snapsolve::pipeline::{self, ReadOptions};
use snapsolve::puzzle::{Game, Puzzle, Solution, Symbol};
use snapsolve::render::output::write_png_atomic;
use snapsolve::render::synth::{self, Frame, SynthOptions};
use snapsolve::solve::{self, Outcome, SolveOptions};
use std::path::{Path, PathBuf};

/// Options of `render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// A puzzle text file (`-` reads standard input).
    #[arg(value_name = "PUZZLE")]
    pub input: PathBuf,
    /// Output PNG (`-` writes the PNG to standard output). Never the input.
    #[arg(short, long, value_name = "OUT.png")]
    pub output: PathBuf,
    /// Page theme: light or dark.
    #[arg(long, default_value = "light", value_parser = ["light", "dark"])]
    pub theme: String,
    /// Board width in pixels (24..=4000).
    #[arg(long, default_value_t = 360)]
    pub scale: u32,
    /// Chrome around the board: none (a cropped board), desktop (a page), phone (the app).
    #[arg(long, default_value = "none", value_parser = ["none", "desktop", "phone"])]
    pub frame: String,
    /// Game state drawn: raw (the puzzle), in-progress (some pieces placed), solved.
    #[arg(long, default_value = "raw", value_parser = ["raw", "in-progress", "solved"])]
    pub state: String,
    /// Re-encode as JPEG at this quality (1..=100) before writing, as phones do.
    #[arg(long, value_name = "Q")]
    pub jpeg_quality: Option<u8>,
    /// Gaussian blur sigma in pixels.
    #[arg(long, default_value_t = 0.0)]
    pub blur: f32,
    /// Per-channel noise standard deviation, in grey levels.
    #[arg(long, default_value_t = 0.0)]
    pub noise: f32,
    /// Seed for every random choice (the same seed draws the same image).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// In-progress: how many placed pieces are wrong.
    #[arg(long, default_value_t = 0)]
    pub wrong: usize,
}

/// Options of `generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Which game.
    #[arg(value_enum)]
    pub game: GameArg,
    /// Board side: Tango even 4..=12, Queens 5..=12.
    #[arg(long, default_value_t = 6)]
    pub size: usize,
    /// The hardest deduction rule the puzzle needs: easy, medium, hard or expert.
    #[arg(long, default_value = "medium", value_parser = ["easy", "medium", "hard", "expert"])]
    pub difficulty: String,
    /// Seed (the same seed gives the same puzzle).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also draw the puzzle as a LinkedIn-style screenshot to this PNG.
    #[arg(long, value_name = "OUT.png")]
    pub png: Option<PathBuf>,
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
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

fn read_input(p: &Path) -> Result<Vec<u8>, Code> {
    let r = if p.as_os_str() == "-" {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v).map(|_| v)
    } else {
        std::fs::read(p)
    };
    r.map_err(|e| {
        eprintln!("error: cannot read {}: {e}", p.display());
        Code::Io
    })
}

fn is_image(bytes: &[u8]) -> bool {
    image::guess_format(bytes).is_ok()
}

fn parse_puzzle(p: &Path, bytes: &[u8]) -> Result<Puzzle, Code> {
    format::parse_bytes(bytes).map_err(|e| {
        eprintln!("error: {}: {e}", p.display());
        Code::BadInput
    })
}

fn unique_solution(p: &Puzzle) -> Result<Solution, Code> {
    match solve::solve(p, &SolveOptions::default()) {
        Ok(r) => match r.outcome {
            Outcome::Unique(s) => Ok(s),
            Outcome::Several { .. } => {
                eprintln!("error: the puzzle has several solutions");
                Err(Code::Several)
            }
            Outcome::None { .. } => {
                eprintln!("error: the puzzle has no solution");
                Err(Code::NoSolution)
            }
            Outcome::Timeout { .. } => Err(Code::Timeout),
        },
        Err(e) => {
            eprintln!("error: {e}");
            Err(Code::Internal)
        }
    }
}

/// `render PUZZLE -o OUT.png`.
pub fn run_render(a: &RenderArgs) -> Code {
    match render_inner(a) {
        Ok(()) => Code::Ok,
        Err(c) => c,
    }
}

fn render_inner(a: &RenderArgs) -> Result<(), Code> {
    let bytes = read_input(&a.input)?;
    let puzzle = parse_puzzle(&a.input, &bytes)?;
    let state = synth::State::parse(&a.state).unwrap_or_default();
    let solution = if state == synth::State::Raw {
        None
    } else {
        Some(unique_solution(&puzzle)?)
    };
    let opts = SynthOptions {
        theme: synth::parse_theme(&a.theme).unwrap_or_default(),
        scale: a.scale,
        frame: Frame::parse(&a.frame).unwrap_or_default(),
        state,
        jpeg_quality: a.jpeg_quality,
        blur: a.blur,
        noise: a.noise,
        seed: a.seed,
        wrong_pieces: a.wrong,
        ..SynthOptions::default()
    };
    let shot = synth::render(&puzzle, solution.as_ref(), &opts).map_err(|e| {
        eprintln!("error: {e}");
        Code::BadInput
    })?;
    let input = (a.input.as_os_str() != "-").then_some(a.input.as_path());
    write_png_atomic(&a.output, &shot.image, input).map_err(|e| {
        eprintln!("error: {e}");
        Code::Io
    })?;
    if a.output.as_os_str() != "-" {
        eprintln!(
            "wrote {} ({}x{}, board at x={:.0} y={:.0}, {:.1} px cells)",
            a.output.display(),
            shot.image.width(),
            shot.image.height(),
            shot.grid.left,
            shot.grid.top,
            shot.grid.cell_w
        );
    }
    Ok(())
}

/// `generate tango|queens --size N --difficulty D --seed S`.
pub fn run_generate(a: &GenerateArgs) -> Code {
    let game: Game = a.game.into();
    let grade = Grade::parse(&a.difficulty).unwrap_or(Grade::Medium);
    let g = match generate(&GenerateOptions::new(game, a.size, grade, a.seed)) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return Code::BadInput;
        }
    };
    if let Some(png) = &a.png {
        let shot = match synth::render(&g.puzzle, None, &SynthOptions::default()) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: {e}");
                return Code::Internal;
            }
        };
        if let Err(e) = write_png_atomic(png, &shot.image, None) {
            eprintln!("error: {e}");
            return Code::Io;
        }
    }
    let text = format::print(&g.puzzle);
    match a.format {
        OutputFormat::Text => {
            println!(
                "# {game} {0}x{0}, difficulty {1}, seed {2}",
                a.size, g.difficulty, a.seed
            );
            print!("{text}");
        }
        OutputFormat::Json => {
            let v = json!({
                "game": game.name(),
                "size": a.size,
                "seed": a.seed,
                "difficulty": g.difficulty.to_string(),
                "puzzle": text,
                "solution": format::print_solution(&g.puzzle, &g.solution),
            });
            println!("{v}");
        }
    }
    Code::Ok
}

/// `hint PUZZLE|IMAGE`: the next cell that can be deduced, and the rule.
pub fn run_hint(a: &HintArgs) -> Code {
    let bytes = match read_input(&a.input) {
        Ok(b) => b,
        Err(c) => return c,
    };
    let (puzzle, placed) = if is_image(&bytes) {
        let opts = ReadOptions {
            game: a.game.map(Into::into),
            ..ReadOptions::default()
        };
        match pipeline::read_bytes(&bytes, &opts) {
            Ok((_, r)) => (r.puzzle, r.placed),
            Err(e) => {
                eprintln!("error: {}: {e}", a.input.display());
                return match e {
                    snapsolve::vision::ReadError::NoBoard(_)
                    | snapsolve::vision::ReadError::NoBoardOfGame(_) => Code::NoBoard,
                    _ => Code::BadInput,
                };
            }
        }
    } else {
        match parse_puzzle(&a.input, &bytes) {
            Ok(p) => (p, Vec::new()),
            Err(c) => return c,
        }
    };
    // Start from the player's pieces when they agree with the rules; otherwise from the puzzle.
    let mut state = State::start(&puzzle);
    for pc in &placed {
        let fill = match pc {
            snapsolve::board::Placed::Symbol { symbol, .. } => match symbol {
                Symbol::Sun => Fill::Sun,
                Symbol::Moon => Fill::Moon,
            },
            snapsolve::board::Placed::Crown { .. } => Fill::Crown,
            snapsolve::board::Placed::Cross { .. } => continue,
        };
        state.set(pc.pos(), Some(fill));
    }
    let result = match deduce::hint(&puzzle, &state) {
        Err(deduce::DeduceError::Contradiction { pos }) if !placed.is_empty() => {
            eprintln!("note: the placed pieces break a rule near {pos}; hinting from the givens");
            deduce::hint(&puzzle, &State::start(&puzzle))
        }
        other => other,
    };
    let difficulty = deduce::difficulty(&puzzle);
    match result {
        Ok(h) => {
            match a.format {
                OutputFormat::Text => match &h {
                    Some(h) => println!("{h}"),
                    None => println!("no cell can be deduced from here without guessing"),
                },
                OutputFormat::Json => {
                    let v = match &h {
                        Some(h) => json!({
                            "cell": {"row": h.pos.row, "col": h.pos.col, "display": h.pos.to_string()},
                            "value": h.fill.to_string(),
                            "rule": h.rule.to_string(),
                            "grade": h.rule.grade().to_string(),
                            "explain": h.rule.explain(),
                            "difficulty": difficulty.to_string(),
                        }),
                        None => json!({"cell": null, "difficulty": difficulty.to_string()}),
                    };
                    println!("{v}");
                }
            }
            Code::Ok
        }
        Err(e) => {
            eprintln!("error: {e}");
            Code::BadInput
        }
    }
}
