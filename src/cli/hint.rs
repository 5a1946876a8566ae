//! `hint PUZZLE|IMAGE`: the player's pieces checked against the unique solution, then the next
//! deduction with the cells behind it (every deduction with `--all`), drawn with `--png`.

use super::args::OutputFormat;
use super::config::HintConfig;
use super::exit::{Code, diag, image_code, kind_code, render_error_code};
use super::input::{input_kind, read_input, text_state};
use super::make::unique_solution;
use super::output::{print_out, write_png};
use super::report::pos_json;
use image::RgbImage;
use serde_json::{Value, json};
use snapsolve::answer::{ImageOptions, WrongPiece, solve_image_bytes};
use snapsolve::board::{Grid, Placed, Theme};
use snapsolve::generate::deduce::{self, Difficulty, Explained};
use snapsolve::hint::{self, Advice, HintError, HintOptions, Walkthrough, fix_sentence};
use snapsolve::input::InputKind;
use snapsolve::puzzle::{Puzzle, Solution};
use snapsolve::render::hint::{HintDrawOptions, HintMarks, draw_hint};
use snapsolve::render::output::refuse_existing;
use snapsolve::render::synth::{self, SynthOptions};
use std::path::Path;

/// What `hint` works on.
struct Board {
    puzzle: Puzzle,
    placed: Vec<Placed>,
    solution: Solution,
    /// The screenshot, where its cells are and its theme (none for puzzle text).
    picture: Option<(RgbImage, Grid, Theme)>,
}

/// `hint PUZZLE|IMAGE [--all] [--png OUT]`.
pub fn run_hint(cfg: &HintConfig) -> Code {
    match hint_inner(cfg) {
        Ok(()) => Code::Ok,
        Err(c) => c,
    }
}

fn hint_inner(cfg: &HintConfig) -> Result<(), Code> {
    if let Some(png) = &cfg.png {
        refuse_existing(png, cfg.force, cfg.input.path()).map_err(|e| {
            diag(&e);
            render_error_code(&e)
        })?;
    }
    let board = load_board(cfg)?;
    let opts = HintOptions::default();
    let (p, placed, sol) = (&board.puzzle, &board.placed, &board.solution);
    let advice = hint::advise(p, placed, sol, &opts).map_err(hint_code)?;
    let difficulty = deduce::difficulty(p);
    let report = if cfg.all {
        let w = hint::walkthrough(p, placed, sol, &opts).map_err(hint_code)?;
        walkthrough_report(cfg.format, &w, difficulty)
    } else {
        advice_report(cfg.format, &advice, difficulty)
    };
    // With the PNG on stdout, the report goes to stderr.
    if cfg.png.as_deref() == Some(Path::new("-")) {
        eprint!("{report}");
    } else {
        let _ = print_out(&report);
    }
    if let Some(png) = &cfg.png {
        draw(cfg, &board, &advice, png)?;
    }
    Ok(())
}

/// The puzzle, the player's pieces and the unique solution, from a screenshot (read, solved
/// and certified as `solve` does) or from puzzle text.
fn load_board(cfg: &HintConfig) -> Result<Board, Code> {
    let name = cfg.input.name();
    let bytes = read_input(&cfg.input, cfg.options.decode.max_file_bytes).map_err(|e| {
        diag(e.located(&name));
        e.code()
    })?;
    let kind = input_kind(&cfg.input, &bytes).map_err(|e| {
        diag(e.located(&name));
        e.code()
    })?;
    if let InputKind::Image(_) = kind {
        let opts = ImageOptions {
            read: cfg.options.clone(),
            ..ImageOptions::default()
        };
        let (img, solved) = solve_image_bytes(&bytes, &opts).map_err(|e| {
            diag(format!("{name}: {e}"));
            kind_code(e.kind())
        })?;
        let Some(solution) = solved.answer().cloned() else {
            diag(format!(
                "{name}: no hint: {}",
                no_answer(solved.outcome_name())
            ));
            return Err(image_code(&solved));
        };
        let r = solved.reading;
        return Ok(Board {
            puzzle: r.puzzle,
            placed: r.placed,
            solution,
            picture: Some((img, r.grid, r.theme)),
        });
    }
    let (puzzle, placed) = text_state(&bytes).map_err(|e| {
        diag(e.located(&name));
        e.code()
    })?;
    let solution = unique_solution(&puzzle)?;
    Ok(Board {
        puzzle,
        placed,
        solution,
        picture: None,
    })
}

/// Why a screenshot gives no hint, by its outcome.
fn no_answer(outcome: &str) -> &'static str {
    match outcome {
        "several" => {
            "the board read has several solutions (`snapsolve solve` shows where they differ)"
        }
        "none" => "the board read has no solution (`snapsolve solve` shows the cells to look at)",
        "uncertain" => "the reading is uncertain: other plausible readings give other solutions",
        _ => "the solver ran out of time",
    }
}

fn hint_code(e: HintError) -> Code {
    diag(&e);
    match e {
        HintError::Unsound { .. } => Code::Internal,
        HintError::Deduce(_) => Code::BadInput,
    }
}

/// The report of one piece of advice, ending with a newline.
fn advice_report(format: OutputFormat, a: &Advice, d: Difficulty) -> String {
    match format {
        OutputFormat::Text => match a {
            Advice::Solved => "solved: every piece is placed and right\n".into(),
            Advice::Wrong { piece, others } => {
                let more = match others {
                    0 => String::new(),
                    1 => " (1 more placed piece is wrong)".into(),
                    n => format!(" ({n} more placed pieces are wrong)"),
                };
                format!(
                    "{}: fix: {}{more}\n",
                    piece.placed.pos(),
                    fix_sentence(piece)
                )
            }
            Advice::Next(e) => format!("{e}\n"),
            Advice::Stuck => "no cell can be deduced from here without guessing\n".into(),
        },
        OutputFormat::Json => {
            let mut v = match a {
                Advice::Solved => json!({"advice": "solved"}),
                Advice::Wrong { piece, others } => {
                    let mut v = wrong_json(piece);
                    v["advice"] = "wrong".into();
                    v["others"] = (*others).into();
                    v
                }
                Advice::Next(e) => {
                    let mut v = step_json(e);
                    v["advice"] = "next".into();
                    v
                }
                Advice::Stuck => json!({"advice": "stuck"}),
            };
            v["difficulty"] = d.to_string().into();
            format!("{v}\n")
        }
    }
}

/// The report of `--all`: the wrong pieces, then every step, one a line.
fn walkthrough_report(format: OutputFormat, w: &Walkthrough, d: Difficulty) -> String {
    match format {
        OutputFormat::Text => {
            let fixes = w
                .wrong
                .iter()
                .map(|p| format!("{}: fix: {}", p.placed.pos(), fix_sentence(p)));
            let steps = w.steps.iter().map(Explained::to_string);
            let mut out = String::new();
            for (k, line) in fixes.chain(steps).enumerate() {
                out += &format!("{}. {line}\n", k + 1);
            }
            let n = w.wrong.len() + w.steps.len();
            out += &match (w.complete, n) {
                (true, 0) => "solved: every piece is placed and right\n".into(),
                (true, _) => format!("solved in {n} step{} (difficulty {d})\n", plural(n)),
                (false, _) => "the rules stop here: the next step needs guessing\n".into(),
            };
            out
        }
        OutputFormat::Json => {
            let v = json!({
                "wrong": w.wrong.iter().map(wrong_json).collect::<Vec<_>>(),
                "steps": w.steps.iter().map(step_json).collect::<Vec<_>>(),
                "complete": w.complete,
                "difficulty": d.to_string(),
            });
            format!("{v}\n")
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn step_json(e: &Explained) -> Value {
    let h = &e.hint;
    json!({
        "cell": pos_json(h.pos),
        "value": h.fill.to_string(),
        "rule": h.rule.to_string(),
        "grade": h.rule.grade().to_string(),
        "explain": e.sentence(),
        "because": e.reason.cells.iter().map(|&p| pos_json(p)).collect::<Vec<_>>(),
        "area": e.reason.area.iter().map(|&p| pos_json(p)).collect::<Vec<_>>(),
    })
}

fn wrong_json(w: &WrongPiece) -> Value {
    let placed = match w.placed {
        Placed::Symbol { symbol, .. } => symbol.letter().to_string(),
        Placed::Crown { .. } => "crown".into(),
        Placed::Cross { .. } => "x".into(),
    };
    json!({
        "cell": pos_json(w.placed.pos()),
        "placed": placed,
        "expected": w.expected.map(|s| s.letter().to_string()),
        "explain": fix_sentence(w),
    })
}

/// Draws the advice on the screenshot (or on a drawing of the puzzle text) and writes it.
fn draw(cfg: &HintConfig, board: &Board, advice: &Advice, png: &Path) -> Result<(), Code> {
    let fail = |e: snapsolve::render::RenderError| {
        diag(&e);
        render_error_code(&e)
    };
    let (img, grid, theme) = match &board.picture {
        Some((img, grid, theme)) => (img.clone(), *grid, *theme),
        None => {
            let opts = SynthOptions::default();
            let shot =
                synth::render_with_placed(&board.puzzle, &board.placed, &opts).map_err(fail)?;
            (shot.image, shot.grid, shot.theme)
        }
    };
    let marks = match advice {
        Advice::Next(e) => Some(HintMarks::Step {
            cell: e.hint.pos,
            fill: e.hint.fill,
            behind: [&e.reason.cells[..], &e.reason.area[..]].concat(),
        }),
        Advice::Wrong { piece, .. } => Some(HintMarks::Wrong {
            cell: piece.placed.pos(),
            expected: piece.expected,
        }),
        Advice::Solved | Advice::Stuck => None,
    };
    let drawn = match &marks {
        Some(m) => draw_hint(&img, &grid, theme, m, &HintDrawOptions::default()).map_err(fail)?,
        None => img,
    };
    write_png(png, &drawn, cfg.input.path(), cfg.force).map_err(fail)
}
