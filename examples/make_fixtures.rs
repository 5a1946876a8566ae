//! Regenerates `fixtures/`: rendered LinkedIn-style screenshots of Tango and Queens puzzles with
//! their labels (`<id>.png`, `<id>.txt`, `<id>.json`) and `fixtures/MANIFEST.tsv`.
//!
//! Run from the crate root: `cargo run --example make_fixtures` (add `-- DIR` to write
//! elsewhere). Puzzles come from `../shared/puzzles` and `../shared/realshots/labels` (puzzle
//! text only, no images), plus 8x8 Tango and 5x5, 6x6, 12x12 Queens boards made here from a
//! fixed seed. Every puzzle is checked to have exactly one solution by brute force, and that
//! solution is what the in-progress and solved states draw.
//!
//! It also writes the README's before/after pairs to `docs/img/`: two in-progress fixtures and
//! the overlay drawn on them from their ground truth (grid and placed pieces) and solution.

#[path = "../tests/support/brute.rs"]
mod brute;

use snapsolve::board::{Reading, Theme};
use snapsolve::format;
use snapsolve::render::fixtures::{FixtureSpec, MANIFEST_HEADER, write_fixture};
use snapsolve::render::output::{PngCompression, encode_png};
use snapsolve::render::overlay::{OverlayMarks, OverlayOptions, overlay};
use snapsolve::render::rng::Rng;
use snapsolve::render::synth::{Frame, GameState, SynthOptions, render};
use snapsolve::{Puzzle, Queens, Tango};
use std::path::{Path, PathBuf};

/// Where a fixture's puzzle comes from.
enum Source {
    /// A file in the puzzle text format.
    File(&'static str),
    /// A random 8x8 Tango from this seed.
    Tango8(u64),
    /// A random Queens board of this size from this seed.
    Queens(usize, u64),
}

struct Item {
    source: Source,
    theme: Theme,
    frame: Frame,
    state: GameState,
    scale: u32,
    jpeg: Option<u8>,
    blur: f32,
    noise: f32,
    wrong: usize,
}

#[allow(clippy::too_many_arguments)]
fn item(
    source: Source,
    theme: Theme,
    frame: Frame,
    state: GameState,
    scale: u32,
    jpeg: Option<u8>,
    blur: f32,
    noise: f32,
    wrong: usize,
) -> Item {
    Item {
        source,
        theme,
        frame,
        state,
        scale,
        jpeg,
        blur,
        noise,
        wrong,
    }
}

const LABELS: &str = "../shared/realshots/labels";
const PUZZLES: &str = "../shared/puzzles";

fn items() -> Vec<Item> {
    use Frame::{Desktop, Phone};
    use GameState::*;
    use Source::*;
    use Theme::{Dark, Light};
    let none = Frame::None;
    vec![
        // Tango 6x6.
        item(
            File("L/darcipeoples__linkedin-solvers__linkedin-210-input.txt"),
            Light,
            none,
            Raw,
            300,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            File("L/wswebcreation__rn-tango__tango-057.txt"),
            Light,
            none,
            InProgress,
            260,
            None,
            0.0,
            0.0,
            1,
        ),
        item(
            File("L/wswebcreation__rn-tango__tango-110.txt"),
            Dark,
            none,
            Solved,
            260,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            File("L/wswebcreation__rn-tango__tango-206.txt"),
            Light,
            Desktop,
            Raw,
            240,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            File("L/wswebcreation__rn-tango__tango-310.txt"),
            Dark,
            Desktop,
            InProgress,
            240,
            Some(80),
            0.0,
            0.0,
            0,
        ),
        item(
            File("P/generator-six-givens.txt"),
            Light,
            Phone,
            Solved,
            300,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            File("L/wswebcreation__rn-tango__tango-414.txt"),
            Dark,
            Phone,
            Raw,
            300,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            File("P/generator-hardest-1given-5markers.txt"),
            Light,
            none,
            Raw,
            180,
            Some(60),
            0.5,
            0.0,
            0,
        ),
        // Tango 8x8.
        item(Tango8(1), Light, none, Raw, 320, None, 0.0, 0.0, 0),
        item(Tango8(2), Dark, Phone, InProgress, 320, None, 0.0, 0.0, 0),
        item(Tango8(3), Light, Desktop, Solved, 260, None, 0.0, 0.0, 0),
        // Queens 5..12.
        item(Queens(5, 5), Light, none, Raw, 200, None, 0.0, 0.0, 0),
        item(Queens(6, 6), Dark, none, InProgress, 220, None, 0.0, 0.0, 0),
        item(
            File("P/queens-307.txt"),
            Light,
            Desktop,
            Raw,
            240,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            File("L/EmmettMyers__Queens-Bot__test11.txt"),
            Light,
            Phone,
            Solved,
            300,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            File("L/darcipeoples__linkedin-solvers__2025-07-03.txt"),
            Dark,
            Phone,
            Raw,
            300,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            File("L/EmmettMyers__Queens-Bot__test17.txt"),
            Light,
            none,
            InProgress,
            300,
            None,
            0.0,
            0.0,
            1,
        ),
        item(
            File("L/FranklinJiaChen__linkedin-queens-automator__2025-01-01_puzzle.txt"),
            Dark,
            Desktop,
            Solved,
            260,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            Queens(12, 12),
            Light,
            none,
            Solved,
            330,
            Some(75),
            0.0,
            0.0,
            0,
        ),
        item(
            File("L/EmmettMyers__Queens-Bot__test12.txt"),
            Light,
            none,
            Raw,
            150,
            None,
            0.0,
            0.0,
            0,
        ),
        item(
            File("L/ryan-zhao313__queens-solver__254.txt"),
            Dark,
            none,
            Raw,
            220,
            None,
            0.0,
            1.5,
            0,
        ),
    ]
}

fn load(src: &Source) -> Result<(Puzzle, String), String> {
    match *src {
        Source::File(f) => {
            let path = f.replacen("L/", &format!("{LABELS}/"), 1).replacen(
                "P/",
                &format!("{PUZZLES}/"),
                1,
            );
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            let p = format::parse(&text).map_err(|e| format!("{path}: {e}"))?;
            let name = Path::new(&path)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let dir = if f.starts_with("L/") {
                "realshots/labels"
            } else {
                "puzzles"
            };
            Ok((p, format!("shared/{dir}/{name}")))
        }
        Source::Tango8(seed) => {
            let t: Tango = brute::random_tango(8, &mut Rng::new(seed));
            Ok((Puzzle::Tango(t), format!("random 8x8 Tango, seed {seed}")))
        }
        Source::Queens(n, seed) => {
            let q: Queens = brute::random_queens(n, &mut Rng::new(seed), 100_000).ok_or(
                format!("no unique {n}x{n} Queens board found for seed {seed}"),
            )?;
            Ok((
                Puzzle::Queens(q),
                format!("random {n}x{n} Queens, seed {seed}"),
            ))
        }
    }
}

fn main() -> Result<(), String> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "fixtures".into()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut rows = vec![MANIFEST_HEADER.to_string()];
    let mut total = 0u64;
    let examples = [
        "tango-6x6-light-none-in-progress",
        "queens-10x10-light-none-in-progress",
    ];
    let img_dir = PathBuf::from("docs/img");
    for (k, it) in items().into_iter().enumerate() {
        let (puzzle, source) = load(&it.source)?;
        let solution = brute::unique_solution(&puzzle).ok_or(format!(
            "{source}: the puzzle does not have exactly one solution"
        ))?;
        let (r, c) = puzzle.size();
        let theme = match it.theme {
            Theme::Light => "light",
            Theme::Dark => "dark",
        };
        let id = format!(
            "{}-{r}x{c}-{theme}-{}-{}{}",
            puzzle.game(),
            it.frame.name(),
            it.state.name(),
            it.jpeg.map_or(String::new(), |q| format!("-q{q}"))
        );
        let spec = FixtureSpec {
            id: id.clone(),
            source: source.clone(),
            options: SynthOptions {
                theme: it.theme,
                frame: it.frame,
                state: it.state,
                scale: it.scale,
                seed: 1000 + k as u64,
                jpeg_quality: it.jpeg,
                blur: it.blur,
                noise: it.noise,
                wrong_pieces: it.wrong,
                ..SynthOptions::default()
            },
        };
        let shot = render(&puzzle, Some(&solution), &spec.options).map_err(|e| e.to_string())?;
        let comment = vec![
            format!("{id}: rendered by examples/make_fixtures.rs"),
            format!("puzzle: {source}"),
        ];
        let (png, _) =
            write_fixture(&dir, &id, &puzzle, &shot, &comment).map_err(|e| e.to_string())?;
        let size = std::fs::metadata(&png).map_err(|e| e.to_string())?.len();
        total += size;
        println!(
            "{id}: {}x{} {size} bytes",
            shot.image.width(),
            shot.image.height()
        );
        rows.push(spec.to_row());
        if examples.contains(&id.as_str()) {
            let reading = Reading {
                puzzle: puzzle.clone(),
                grid: shot.grid,
                theme: shot.theme,
                placed: shot.placed.clone(),
                doubts: vec![],
                weak: Vec::new(),
                min_confidence: 1.0,
                occluded: Vec::new(),
                straightened: None,
                icons: None,
                pieces_as_givens: false,
                no_given_shading: false,
                pieces_sorted: false,
                small_glyphs: false,
                overlay_seen: false,
                red_stripes: false,
                stripes_unseen: false,
                odd_crowns: Vec::new(),
                striped: Vec::new(),
                striped_walled: Vec::new(),
                misread_regions: Vec::new(),
                cut: None,
                probabilities: None,
            };
            let after = overlay(
                &shot.image,
                &reading,
                Some(&solution),
                &OverlayMarks::default(),
                &OverlayOptions::default(),
            )
            .map_err(|e| e.to_string())?;
            std::fs::create_dir_all(&img_dir).map_err(|e| e.to_string())?;
            for (suffix, img) in [("before", &shot.image), ("after", &after)] {
                let bytes = encode_png(img, PngCompression::Best).map_err(|e| e.to_string())?;
                std::fs::write(img_dir.join(format!("{id}-{suffix}.png")), bytes)
                    .map_err(|e| e.to_string())?;
            }
        }
    }
    std::fs::write(dir.join("MANIFEST.tsv"), rows.join("\n") + "\n").map_err(|e| e.to_string())?;
    println!("total PNG bytes: {total}");
    Ok(())
}
