//! The stress set of issue 10: random generated puzzles rendered with one of the renderer's
//! variations (pointer arrow / hand, rule-break stripes, win shimmer, fading pieces, themed
//! icons, a cut at an image edge, 0.3x-0.35x scale drawn small or down-scaled, the Queens hint
//! mode, 25% brighter), several at once (`combo`), and those again through what a capture
//! does to the pixels (`combo-captured`: down-scale, tilt, blur, brightness, noise, JPEG),
//! and objects that are not LinkedIn's over the board (`foreign`),
//! read and solved end to end (certify
//! included) and classed by the answer shown: exact / WRONG / none-several-uncertain /
//! refused. Shared by `tests/stress_variations.rs` (a small sample) and
//! `examples/stress_variations.rs` (the full table).

use snapsolve::answer::solve_reading;
use snapsolve::certify::CertifyOptions;
use snapsolve::generate::deduce::Grade;
use snapsolve::generate::make::{GenerateOptions, generate};
use snapsolve::pipeline::{ReadOptions, read_image};
use snapsolve::puzzle::{Game, Puzzle, Solution};
use snapsolve::render::rng::Rng;
use snapsolve::render::synth::{
    GameState, Pointer, RandomRanges, RenderedShot, Side, SynthOptions, render,
};
use snapsolve::solve::SolveOptions;

/// The variations, by name.
pub const VARIATIONS: [&str; 19] = [
    "plain",
    "pointer-arrow",
    "pointer-hand",
    "stripes",
    "stripes-over",
    "shimmer",
    "fade-in",
    "themed",
    "cut-edge",
    "scale-0.35x",
    "scale-0.3x",
    "down-0.35x",
    "down-0.3x",
    "hint-mode",
    "brighter",
    "brighter-wrong",
    "combo",
    "combo-captured",
    "foreign",
];

/// How one render came out, judged by the answer shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// The answer shown is the puzzle's solution.
    Exact,
    /// An answer was shown and it is not the solution: must never happen.
    Wrong,
    /// No answer shown: no solution, several, uncertain or a solver timeout.
    NoneSeveral,
    /// No board read.
    Refused,
}

/// The puzzle of a case: Tango 6x6 / 8x8 or Queens 7..10 (Tango only for `themed`, Queens
/// only for `hint-mode`).
pub fn puzzle(seed: u64, variation: &str) -> (Puzzle, Solution) {
    let mut rng = Rng::new(seed ^ 0xA5A5);
    let tango = matches!(variation, "themed" | "brighter-wrong")
        || (variation != "hint-mode" && rng.chance(0.5));
    let (game, size) = if tango {
        (Game::Tango, [6, 8][rng.below(2)])
    } else {
        (Game::Queens, 7 + rng.below(4))
    };
    let grade = [Grade::Easy, Grade::Medium, Grade::Hard][rng.below(3)];
    let g = generate(&GenerateOptions::new(game, size, grade, seed))
        .or_else(|_| generate(&GenerateOptions::new(game, size, Grade::Easy, seed)))
        .expect("a generated puzzle");
    (g.puzzle, g.solution)
}

/// The render options of a case.
pub fn options(seed: u64, variation: &str) -> SynthOptions {
    let mut rng = Rng::new(seed);
    // The spread of the plain stress set, at scales where every board reads (0.6x-2x), so
    // that what changes per row is the variation.
    let ranges = RandomRanges {
        scale: (0.6, 2.0),
        jpeg: (60, 95),
        jpeg_share: 0.5,
        ..RandomRanges::default()
    };
    let mut o = SynthOptions::random(&mut rng, &ranges);
    o.seed = seed;
    let v = &mut o.variations;
    match variation {
        "pointer-arrow" => v.pointer = Some(Pointer::Arrow),
        "pointer-hand" => v.pointer = Some(Pointer::Hand),
        "stripes" => {
            v.stripes = true;
            v.clash = true;
        }
        "stripes-over" => {
            v.stripes_over = true;
            v.clash = true;
        }
        // The stripes on a seeded line whatever the crowns, as the set drew them before
        // `clash` (the once-wrong renders of those rows; not a row of the table).
        "stripes-any" => v.stripes = true,
        "stripes-over-any" => v.stripes_over = true,
        "shimmer" => {
            v.shimmer = true;
            o.state = GameState::Solved;
        }
        "fade-in" => {
            v.fade = 0.3 + 0.6 * rng.f32();
            if o.state == GameState::Raw {
                o.state = GameState::InProgress;
            }
        }
        "themed" => v.themed = true,
        "cut-edge" => {
            v.cut = Some([Side::Left, Side::Right, Side::Top, Side::Bottom][rng.below(4)])
        }
        "scale-0.35x" => o.scale = 126,
        "scale-0.3x" => o.scale = 108,
        // Drawn at 360 and down-scaled (`after_render`), as a small capture of LinkedIn's
        // page is: thin strokes fade instead of keeping the renderer's one-pixel minimum.
        "down-0.35x" | "down-0.3x" => o.scale = 360,
        "hint-mode" => v.hint_mode = true,
        // A game in progress with one to three of the player's pieces wrong, brightened
        // (`after_render`): given shading lost, the pieces sorted by the solver.
        "brighter-wrong" => {
            o.state = GameState::InProgress;
            o.wrong_pieces = 1 + rng.below(3);
        }
        _ => {}
    }
    if variation == "combo" || variation == "combo-captured" {
        combo(seed, &mut rng, &mut o);
    }
    let v = &mut o.variations;
    if v.pointer.is_some() {
        v.pointer_scale = 0.5 + 1.5 * rng.f32();
    }
    o
}

/// `combo`: two to five of the variations at once, as real captures meet them (a pointer on a
/// themed board, a cut phone shot in hint mode, stripes on a small capture): a pointer, rule-break
/// stripes (under or over), the shimmer of a solved board or pieces fading in, themed icons
/// (Tango), the hint mode (Queens), a cut at an image edge, a small scale (0.35x-0.55x).
fn combo(seed: u64, rng: &mut Rng, o: &mut SynthOptions) {
    // The game `puzzle` draws: its first draw.
    let tango = Rng::new(seed ^ 0xA5A5).chance(0.5);
    loop {
        let v = &mut o.variations;
        let mut n = 0;
        if rng.chance(0.4) {
            v.pointer = Some([Pointer::Arrow, Pointer::Hand][rng.below(2)]);
            n += 1;
        }
        match rng.below(5) {
            0 => {
                v.stripes = true;
                v.clash = true;
                n += 1;
            }
            1 => {
                v.stripes_over = true;
                v.clash = true;
                n += 1;
            }
            2 => {
                v.shimmer = true;
                o.state = GameState::Solved;
                n += 1;
            }
            3 => {
                v.fade = 0.3 + 0.6 * rng.f32();
                if o.state == GameState::Raw {
                    o.state = GameState::InProgress;
                }
                n += 1;
            }
            _ => {}
        }
        if tango && rng.chance(0.4) {
            v.themed = true;
            n += 1;
        }
        if !tango && rng.chance(0.4) {
            v.hint_mode = true;
            n += 1;
        }
        if rng.chance(0.3) {
            v.cut = Some([Side::Left, Side::Right, Side::Top, Side::Bottom][rng.below(4)]);
            n += 1;
        }
        if rng.chance(0.3) {
            o.scale = 126 + rng.below(72) as u32;
            n += 1;
        }
        if n >= 2 {
            return;
        }
        *v = Default::default();
    }
}

/// What a variation does to the rendered image: `brighter` makes it 25% brighter, clipped (a
/// light board's greys, its lines, frame and given shading, go white); `down-0.35x` and
/// `down-0.3x` scale it down (triangle filter, as the perturbation suite does); `foreign`
/// draws something that is not LinkedIn's over the board ([`foreign`]).
pub fn after_render(variation: &str, seed: u64, shot: &mut RenderedShot) {
    if variation == "foreign" {
        foreign(seed, &shot.grid, &mut shot.image);
        return;
    }
    let img = &mut shot.image;
    let down = |img: &image::RgbImage, factor: f32| {
        let w = ((img.width() as f32 * factor).round() as u32).max(1);
        let h = ((img.height() as f32 * factor).round() as u32).max(1);
        image::imageops::resize(img, w, h, image::imageops::FilterType::Triangle)
    };
    match variation {
        "brighter" | "brighter-wrong" => {
            for v in img.iter_mut() {
                *v = (f32::from(*v) * 1.25).round().min(255.0) as u8;
            }
        }
        "down-0.35x" => *img = down(img, 0.35),
        "down-0.3x" => *img = down(img, 0.3),
        "combo-captured" => captured(seed, img),
        _ => {}
    }
}

/// `combo-captured`: what a capture does to the pixels on top of `combo`'s variations, one to
/// three of: a down-scale (0.45x-0.85x), a tilt (0.3-2.5 degrees either way), a blur (sigma
/// 0.5-1.2), a brightness factor (0.8-1.2, clipped) or a gamma (0.7-1.4), noise (sigma 2-8),
/// JPEG (quality 40-90), applied in that order.
fn captured(seed: u64, img: &mut image::RgbImage) {
    let mut rng = Rng::new(seed ^ 0xCA97_0DE6);
    let mut chosen = [false; 6];
    while chosen.iter().filter(|&&c| c).count() < 1 + rng.below(3) {
        chosen[rng.below(6)] = true;
    }
    let map = |img: &mut image::RgbImage, f: &dyn Fn(f32) -> f32| {
        let lut: Vec<u8> = (0..=255u8)
            .map(|v| f(f32::from(v)).round().clamp(0.0, 255.0) as u8)
            .collect();
        for v in img.iter_mut() {
            *v = lut[usize::from(*v)];
        }
    };
    if chosen[0] {
        let factor = 0.45 + 0.4 * rng.f32();
        let w = ((img.width() as f32 * factor).round() as u32).max(1);
        let h = ((img.height() as f32 * factor).round() as u32).max(1);
        *img = image::imageops::resize(img, w, h, image::imageops::FilterType::Triangle);
    }
    if chosen[1] {
        let degrees = (0.3 + 2.2 * rng.f32()) * if rng.chance(0.5) { 1.0 } else { -1.0 };
        let corner = *img.get_pixel(0, 0);
        *img = imageproc::geometric_transformations::rotate_about_center(
            img,
            degrees.to_radians(),
            imageproc::geometric_transformations::Interpolation::Bilinear,
            corner,
        );
    }
    if chosen[2] {
        *img = imageproc::filter::gaussian_blur_f32(img, 0.5 + 0.7 * rng.f32());
    }
    if chosen[3] {
        if rng.chance(0.5) {
            let f = 0.8 + 0.4 * rng.f32();
            map(img, &|v| v * f);
        } else {
            let g = 0.7 + 0.7 * rng.f32();
            map(img, &|v| 255.0 * (v / 255.0).powf(g));
        }
    }
    if chosen[4] {
        let sigma = 2.0 + 6.0 * rng.f32();
        for v in img.iter_mut() {
            *v = (f32::from(*v) + sigma * rng.normal())
                .round()
                .clamp(0.0, 255.0) as u8;
        }
    }
    if chosen[5] {
        let quality = 40 + rng.below(51) as u8;
        let mut buf = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut buf, quality)
            .encode_image(&*img)
            .expect("JPEG encoding of an RGB image");
        *img = image::load_from_memory_with_format(&buf, image::ImageFormat::Jpeg)
            .expect("decoding our own JPEG")
            .to_rgb8();
    }
}

/// `foreign`: one object that is not LinkedIn's over the board, anywhere on it, as captures
/// show them: a dark tooltip with a word, a red notification badge, a white card with a
/// shadow, a translucent dark veil, an emoji, or a red rectangle a user drew around cells.
/// Nothing in the reader knows these shapes: a reading they spoil must end without an answer.
pub fn foreign(seed: u64, grid: &snapsolve::board::Grid, img: &mut image::RgbImage) {
    use snapsolve::render::draw::{Shape, fill, text};
    let mut rng = Rng::new(seed ^ 0x571C_3E70);
    let cell = grid.cell_w.min(grid.cell_h);
    let cx = grid.left + grid.cols as f32 * grid.cell_w * rng.f32();
    let cy = grid.top + grid.rows as f32 * grid.cell_h * rng.f32();
    let rgb = |r: u8, g: u8, b: u8| image::Rgb([r, g, b]);
    let rect = |w: f32, h: f32, r: f32| {
        Shape::rrect(cx - w / 2.0, cy - h / 2.0, cx + w / 2.0, cy + h / 2.0, r)
    };
    match rng.below(6) {
        0 => {
            let (w, h) = (
                (1.2 + 1.8 * rng.f32()) * cell,
                (0.5 + 0.4 * rng.f32()) * cell,
            );
            let g = 30 + rng.below(40) as u8;
            fill(img, &rect(w, h, h * 0.2), rgb(g, g, g), 1.0);
            let (x, y) = (cx - w / 2.0 + h * 0.3, cy - h * 0.25);
            text(img, x, y, h * 0.5, "Hint", rgb(240, 240, 240));
        }
        1 => {
            let r = (0.2 + 0.25 * rng.f32()) * cell;
            fill(img, &Shape::circle(cx, cy, r), rgb(204, 16, 0), 1.0);
            text(img, cx - r * 0.3, cy - r * 0.5, r, "3", rgb(255, 255, 255));
        }
        2 => {
            let (w, h) = (
                (1.5 + 1.5 * rng.f32()) * cell,
                (1.0 + 1.5 * rng.f32()) * cell,
            );
            let card = rect(w, h, cell * 0.15);
            fill(img, &card.clone().offset(cell * 0.08), rgb(0, 0, 0), 0.25);
            fill(img, &card, rgb(255, 255, 255), 1.0);
            let (x, y) = (cx - w / 2.0 + cell * 0.2, cy - h / 2.0 + cell * 0.2);
            text(img, x, y, cell * 0.25, "Nice work", rgb(40, 40, 40));
        }
        3 => {
            let (w, h) = (
                (1.0 + 2.0 * rng.f32()) * cell,
                (1.0 + 2.0 * rng.f32()) * cell,
            );
            fill(img, &rect(w, h, 0.0), rgb(0, 0, 0), 0.3 + 0.3 * rng.f32());
        }
        4 => {
            let r = (0.3 + 0.25 * rng.f32()) * cell;
            let brown = rgb(102, 69, 0);
            fill(img, &Shape::circle(cx, cy, r), rgb(255, 204, 77), 1.0);
            for dx in [-0.35, 0.35] {
                fill(
                    img,
                    &Shape::circle(cx + r * dx, cy - r * 0.2, r * 0.12),
                    brown,
                    1.0,
                );
            }
            let mouth = ((cx - r * 0.4, cy + r * 0.35), (cx + r * 0.4, cy + r * 0.35));
            fill(img, &Shape::segment(mouth.0, mouth.1, r * 0.1), brown, 1.0);
        }
        _ => {
            let (w, h) = (
                (0.8 + 1.5 * rng.f32()) * cell,
                (0.8 + 1.5 * rng.f32()) * cell,
            );
            let stroke = (0.04 + 0.04 * rng.f32()) * cell;
            fill(img, &rect(w, h, 0.0).stroke(stroke), rgb(230, 30, 30), 1.0);
        }
    }
}

/// Renders, reads, solves and classes one case; the detail says what was shown.
pub fn run(seed: u64, variation: &str) -> (Class, String) {
    let (p, sol) = puzzle(seed, variation);
    let opts = options(seed, variation);
    let themed = opts.variations.themed;
    let mut shot = match render(&p, Some(&sol), &opts) {
        Ok(s) => s,
        Err(e) => return (Class::Refused, format!("render: {e}")),
    };
    after_render(variation, seed, &mut shot);
    let reading = match read_image(&shot.image, &ReadOptions::default()) {
        Ok(r) => r,
        Err(e) => {
            let cut = opts
                .variations
                .cut
                .map(|side| format!(" (rendered cut at the {side} edge)"))
                .unwrap_or_default();
            return (Class::Refused, format!("{e}{cut}"));
        }
    };
    let occluded = reading.occluded.len();
    let solved = match solve_reading(
        reading,
        &SolveOptions::default(),
        &CertifyOptions::default(),
    ) {
        Ok(s) => s,
        Err(e) => return (Class::NoneSeveral, e.to_string()),
    };
    let detail = match solved.repairs().len() {
        0 => format!("{} (occluded {occluded})", solved.outcome_name()),
        n => format!(
            "{} (occluded {occluded}; repaired: {n} changes)",
            solved.outcome_name()
        ),
    };
    match solved.answer() {
        Some(s) if same_answer(s, &sol, themed) => (Class::Exact, detail),
        Some(_) => (Class::Wrong, detail),
        None => (Class::NoneSeveral, detail),
    }
}

/// Equal solutions; with themed icons also the one with the two icons swapped (which icon is
/// "sun" is the reader's choice).
fn same_answer(got: &Solution, want: &Solution, themed: bool) -> bool {
    match got {
        Solution::Tango { rows, cols, cells } if themed && got != want => {
            let swapped = Solution::Tango {
                rows: *rows,
                cols: *cols,
                cells: cells.iter().map(|s| s.other()).collect(),
            };
            &swapped == want
        }
        _ => got == want,
    }
}

/// Counts per class of one variation: exact, WRONG, none-several, refused.
pub type Row = [usize; 4];

/// The table: one line per variation with its counts and exact rate.
pub fn table(rows: &[(&str, Row)]) -> String {
    let mut out = format!(
        "{:<14} {:>6} {:>6} {:>12} {:>8} {:>6} {:>8}\n",
        "variation", "exact", "WRONG", "none-several", "refused", "total", "exact %"
    );
    for (name, r) in rows {
        let total: usize = r.iter().sum();
        let rate = 100.0 * r[0] as f64 / total.max(1) as f64;
        out += &format!(
            "{name:<14} {:>6} {:>6} {:>12} {:>8} {total:>6} {rate:>7.1}%\n",
            r[0], r[1], r[2], r[3]
        );
    }
    out
}

/// The variations to run: those named in the environment variable `STRESS_ONLY`
/// (comma-separated), or all of them.
fn selected() -> Vec<&'static str> {
    let only = std::env::var("STRESS_ONLY").unwrap_or_default();
    let names: Vec<&str> = only
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    VARIATIONS
        .iter()
        .copied()
        .filter(|v| names.is_empty() || names.contains(v))
        .collect()
}

/// Runs `per` seeds (`first..first + per`) of every variation (or of those in `STRESS_ONLY`)
/// on rayon's threads.
pub fn run_all(first: u64, per: u64) -> (Vec<(&'static str, Row)>, Vec<String>) {
    use rayon::prelude::*;
    let chosen = selected();
    let cases: Vec<(&str, u64)> = chosen
        .iter()
        .flat_map(|&v| (first..first + per).map(move |s| (v, s)))
        .collect();
    let results: Vec<(&str, u64, Class, String)> = cases
        .par_iter()
        .map(|&(v, s)| {
            let (c, d) = run(s, v);
            (v, s, c, d)
        })
        .collect();
    let mut rows: Vec<(&str, Row)> = chosen.iter().map(|&v| (v, [0; 4])).collect();
    let mut lines = Vec::new();
    for (v, s, c, d) in results {
        let row = rows.iter_mut().find(|r| r.0 == v).expect("a variation");
        row.1[c as usize] += 1;
        if c != Class::Exact {
            lines.push(format!("{v} seed {s}: {c:?}: {d}"));
        }
    }
    (rows, lines)
}
