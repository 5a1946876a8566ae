//! `render` and `generate`: drawing synthetic screenshots and making new puzzles.

use super::args::OutputFormat;
use super::config::{GenerateConfig, RenderConfig};
use super::exit::{Code, diag, outcome_code};
use super::input::{Input, load};
use super::output::{is_stdout, outln, write_png};
use super::report::solution_data;
use serde_json::json;
use snapsolve::format;
use snapsolve::generate::make::{GenerateError, generate};
use snapsolve::puzzle::{Puzzle, Solution};
use snapsolve::render::synth::{self, SynthOptions};
use snapsolve::solve::{self, Outcome, SolveOptions};

/// Loads puzzle text, reporting why it cannot be.
fn load_puzzle(input: &Input) -> Result<Puzzle, Code> {
    load(input).map(|(p, _)| p).map_err(|e| {
        diag(e.located(&input.name()));
        e.code()
    })
}

/// The unique solution of a puzzle, or the code of why there is none.
pub(super) fn unique_solution(p: &Puzzle) -> Result<Solution, Code> {
    match solve::solve(p, &SolveOptions::default()) {
        Ok(r) => match r.outcome {
            Outcome::Unique(s) => Ok(s),
            o => {
                match o {
                    Outcome::Several { .. } => diag("the puzzle has several solutions"),
                    Outcome::None { .. } => diag("the puzzle has no solution"),
                    _ => {}
                }
                Err(outcome_code(&o))
            }
        },
        Err(e) => {
            diag(e);
            Err(Code::Internal)
        }
    }
}

/// `render PUZZLE -o OUT.png`.
pub fn run_render(cfg: &RenderConfig) -> Code {
    match render_inner(cfg) {
        Ok(()) => Code::Ok,
        Err(c) => c,
    }
}

fn render_inner(cfg: &RenderConfig) -> Result<(), Code> {
    let puzzle = load_puzzle(&cfg.input)?;
    let solution = if cfg.options.state == synth::GameState::Raw {
        None
    } else {
        Some(unique_solution(&puzzle)?)
    };
    let shot = synth::render(&puzzle, solution.as_ref(), &cfg.options).map_err(|e| {
        diag(e);
        Code::BadInput
    })?;
    write_png(&cfg.output, &shot.image, cfg.input.path(), cfg.force).map_err(|e| {
        diag(e);
        Code::Io
    })?;
    if !is_stdout(&cfg.output) {
        eprintln!(
            "wrote {} ({}x{}, board at x={:.0} y={:.0}, {:.1} px cells)",
            cfg.output.display(),
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
pub fn run_generate(cfg: &GenerateConfig) -> Code {
    let o = &cfg.options;
    let game = o.game;
    let made = generate(o);
    if cfg.seed_drawn && !matches!(made, Err(GenerateError::BadSize { .. })) {
        diag(format!(
            "seed {0} (drawn at random; `--seed {0}` makes this puzzle again)",
            o.seed
        ));
    }
    let g = match made {
        Ok(g) => g,
        Err(e) => {
            diag(&e);
            // A size the game does not have (odd Tango, 4x4 Queens) is a bad command line.
            return match e {
                GenerateError::BadSize { .. } => Code::Usage,
                _ => Code::BadInput,
            };
        }
    };
    if let Some(png) = &cfg.png {
        let shot = match synth::render(&g.puzzle, None, &SynthOptions::default()) {
            Ok(s) => s,
            Err(e) => {
                diag(e);
                return Code::Internal;
            }
        };
        if let Err(e) = write_png(png, &shot.image, None, cfg.force) {
            diag(e);
            return Code::Io;
        }
    }
    let text = format::print(&g.puzzle);
    let report = match cfg.format {
        OutputFormat::Text => format!(
            "# {game} {0}x{0}, difficulty {1}, seed {2}\n{text}",
            o.size, g.difficulty, o.seed
        ),
        OutputFormat::Json => {
            let mut v = json!({
                "game": game.name(),
                "size": o.size,
                "seed": o.seed,
                "difficulty": g.difficulty.to_string(),
                "puzzle": text,
                "solution": format::print_solution(&g.puzzle, &g.solution),
            });
            if let Some(m) = v.as_object_mut() {
                m.extend(solution_data(&g.solution));
            }
            format!("{v}\n")
        }
    };
    // With the PNG on standard output, the puzzle goes to standard error.
    if cfg.png.as_deref().is_some_and(is_stdout) {
        eprint!("{report}");
    } else {
        outln!("{}", report.trim_end_matches('\n'));
    }
    Code::Ok
}
