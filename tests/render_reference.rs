//! Reference-image tests for the renderer and the overlay.
//!
//! Each case draws an image and compares it with `tests/reference/<name>.png` within the
//! tolerance documented in `tests/support/imgdiff.rs` (and tests/reference/README.md). On a
//! mismatch, `tests/failures/<name>.png` (git-ignored) shows expected | diff | actual.
//! `SNAPSOLVE_BLESS=1 cargo test --test render_reference` rewrites the references.

mod support;

use image::RgbImage;
use snapsolve::board::{Doubt, Reading, Theme};
use snapsolve::render::draw::{self, GlyphStyle};
use snapsolve::render::output::{PngCompression, encode_png};
use snapsolve::render::overlay::{OverlayMarks, OverlayOptions, overlay};
use snapsolve::render::palette::Palette;
use snapsolve::render::synth::{Frame, GameState, SynthOptions, render};
use snapsolve::{Edge, Pos, Puzzle, Symbol, format};
use std::path::{Path, PathBuf};
use support::{brute, imgdiff};

fn reference_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/reference/{name}.png"))
}

fn check_reference(name: &str, actual: &RgbImage) {
    let path = reference_path(name);
    if std::env::var_os("SNAPSOLVE_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, encode_png(actual, PngCompression::Best).unwrap()).unwrap();
        return;
    }
    let expected = match image::open(&path) {
        Ok(i) => i.to_rgb8(),
        Err(e) => panic!(
            "{}: {e}; run `SNAPSOLVE_BLESS=1 cargo test --test render_reference` to create it",
            path.display()
        ),
    };
    if let Err(msg) = imgdiff::compare(&expected, actual) {
        let f = imgdiff::write_failure(name, &expected, actual);
        panic!(
            "{name}: {msg}\nexpected | diff | actual written to {}",
            f.display()
        );
    }
}

/// LinkedIn Tango #57 (level data via the rn-tango app): givens and markers, one solution.
const TANGO: &str = "tango 6x6
S S . . . .

S S . . . .

. . .=. . .
    = =
. . .=. . .

. . . . .x.
        x x
. . . . .x.
";

const QUEENS: &str = "queens 7x7
A A A A A A A
B B B B C A A
B D D E C A A
B B E E E A A
B B F E G G A
B B F B B B A
B B B B B B A
";

fn parse(text: &str) -> Puzzle {
    format::parse(text).expect("valid puzzle")
}

/// A reading as a perfect reader would return it for a synthetic shot, with two doubts.
fn reading_of(p: &Puzzle, shot: &snapsolve::render::synth::RenderedShot) -> Reading {
    Reading {
        puzzle: p.clone(),
        grid: shot.grid,
        theme: shot.theme,
        placed: shot.placed.clone(),
        doubts: vec![
            Doubt::Cell {
                pos: Pos::new(5, 0),
                confidence: 0.4,
                given_only: false,
            },
            Doubt::Edge {
                edge: Edge::Right(Pos::new(0, 2)),
                confidence: 0.5,
            },
        ],
        weak: Vec::new(),
        min_confidence: 0.4,
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
    }
}

fn overlay_case(text: &str, theme: Theme, frame: Frame, scale: u32, name: &str) {
    let p = parse(text);
    let sol = brute::unique_solution(&p).expect("one solution");
    let opts = SynthOptions {
        theme,
        frame,
        scale,
        state: GameState::InProgress,
        progress: 0.35,
        wrong_pieces: 2,
        seed: 42,
        ..SynthOptions::default()
    };
    let shot = render(&p, Some(&sol), &opts).unwrap();
    let rd = reading_of(&p, &shot);
    let marks = OverlayMarks {
        conflict_cells: vec![Pos::new(3, 3)],
        conflict_edges: vec![],
    };
    let out = overlay(
        &shot.image,
        &rd,
        Some(&sol),
        &marks,
        &OverlayOptions::default(),
    )
    .unwrap();
    assert_eq!(out.dimensions(), shot.image.dimensions());
    check_reference(name, &out);
}

#[test]
fn overlay_tango_light() {
    overlay_case(TANGO, Theme::Light, Frame::None, 300, "overlay-tango-light");
}

#[test]
fn overlay_tango_dark_phone() {
    overlay_case(
        TANGO,
        Theme::Dark,
        Frame::Phone,
        260,
        "overlay-tango-dark-phone",
    );
}

#[test]
fn overlay_queens_light() {
    overlay_case(
        QUEENS,
        Theme::Light,
        Frame::None,
        280,
        "overlay-queens-light",
    );
}

#[test]
fn overlay_queens_dark_desktop() {
    overlay_case(
        QUEENS,
        Theme::Dark,
        Frame::Desktop,
        220,
        "overlay-queens-dark-desktop",
    );
}

#[test]
fn overlay_without_solution_shows_only_conflict_and_doubts() {
    let p = parse(TANGO);
    let shot = render(&p, None, &SynthOptions::default()).unwrap();
    let rd = reading_of(&p, &shot);
    let marks = OverlayMarks {
        conflict_cells: vec![Pos::new(1, 1), Pos::new(2, 0)],
        conflict_edges: vec![Edge::Down(Pos::new(0, 0))],
    };
    let out = overlay(&shot.image, &rd, None, &marks, &OverlayOptions::default()).unwrap();
    check_reference("overlay-tango-conflict", &out);
}

#[test]
fn synth_queens_dark_phone_solved() {
    let p = parse(QUEENS);
    let sol = brute::unique_solution(&p).unwrap();
    let shot = render(
        &p,
        Some(&sol),
        &SynthOptions {
            theme: Theme::Dark,
            frame: Frame::Phone,
            state: GameState::Solved,
            scale: 200,
            seed: 3,
            ..SynthOptions::default()
        },
    )
    .unwrap();
    check_reference("synth-queens-dark-phone-solved", &shot.image);
}

#[test]
fn synth_tango_light_desktop_degraded() {
    let p = parse(TANGO);
    let shot = render(
        &p,
        None,
        &SynthOptions {
            frame: Frame::Desktop,
            scale: 160,
            blur: 0.6,
            noise: 2.0,
            jpeg_quality: Some(70),
            seed: 11,
            ..SynthOptions::default()
        },
    )
    .unwrap();
    check_reference("synth-tango-light-desktop-degraded", &shot.image);
}

#[test]
fn synth_queens_light_desktop_hover_and_cursor() {
    let p = parse(QUEENS);
    let sol = brute::unique_solution(&p).unwrap();
    let shot = render(
        &p,
        Some(&sol),
        &SynthOptions {
            frame: Frame::Desktop,
            state: GameState::InProgress,
            scale: 200,
            seed: 8,
            hover: true,
            cursor: true,
            ..SynthOptions::default()
        },
    )
    .unwrap();
    check_reference("synth-queens-light-desktop-hover-cursor", &shot.image);
}

/// Every glyph at three cell sizes, both themes: the drawing module's own reference sheet.
#[test]
fn glyph_sheet() {
    let sizes = [16.0f32, 40.0, 96.0];
    let width = sizes.iter().sum::<f32>() as u32 * 7 + 16;
    let mut img = RgbImage::new(width, 2 * 96);
    for (row, theme) in [Theme::Light, Theme::Dark].into_iter().enumerate() {
        let pal = Palette::for_theme(theme);
        let y0 = row as f32 * 96.0;
        draw::fill(
            &mut img,
            &draw::Shape::rrect(0.0, y0, width as f32, y0 + 96.0, 0.0),
            pal.tango_cell,
            1.0,
        );
        let mut x = 4.0;
        for &c in &sizes {
            let cy = y0 + 48.0;
            let mut next = || {
                let cx = x + c / 2.0;
                x += c;
                cx
            };
            draw::sun(&mut img, next(), cy, c, &pal.symbol_style(Symbol::Sun));
            draw::moon(&mut img, next(), cy, c, &pal.symbol_style(Symbol::Moon));
            let hint = GlyphStyle {
                fill_opacity: 0.4,
                size: 0.85,
                ..pal.symbol_style(Symbol::Moon)
            };
            draw::moon(&mut img, next(), cy, c, &hint);
            draw::same_marker(&mut img, next(), cy, c, pal.tango_marker);
            draw::opposite_marker(&mut img, next(), cy, c, pal.tango_marker);
            let gold = GlyphStyle {
                fill: draw::hex(snapsolve::render::palette::CROWN_GOLD),
                outline: draw::hex(snapsolve::render::palette::CROWN_GOLD_OUTLINE),
                fill_opacity: 1.0,
                size: 1.0,
            };
            draw::crown(&mut img, next(), cy, c, &gold);
            draw::queens_x(&mut img, next(), cy, c, pal.text);
            x += 2.0;
        }
    }
    check_reference("glyph-sheet", &img);
}

/// Several solutions: the overlay outlines the cells where two solutions differ (the path a
/// screenshot takes through `answer`), so the picture never looks like the input.
#[test]
fn overlay_several_solutions_outlines_the_differing_cells() {
    use snapsolve::answer::{draw_overlay, solve_reading};
    use snapsolve::solve::Outcome;
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/examples/lets-tango.txt"),
    )
    .unwrap();
    let p = parse(&text);
    let shot = render(&p, None, &SynthOptions::default()).unwrap();
    let rd = Reading {
        doubts: Vec::new(),
        weak: Vec::new(),
        min_confidence: 1.0,
        ..reading_of(&p, &shot)
    };
    let solved = solve_reading(rd, &Default::default(), &Default::default()).unwrap();
    let Outcome::Several { differ, .. } = &solved.report.outcome else {
        panic!("expected several solutions, got {}", solved.outcome_name());
    };
    assert!(!differ.is_empty());
    let out = draw_overlay(&shot.image, &solved).unwrap();
    assert_ne!(
        out, shot.image,
        "the overlay must not be the input unchanged"
    );
    check_reference("overlay-tango-several", &out);
}
