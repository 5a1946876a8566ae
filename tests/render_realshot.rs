//! The overlay on a real LinkedIn screenshot (read from ../shared/realshots, never copied into
//! the repository; the test runs whenever that folder exists, as it does in CI).
//!
//! The grid is measured by hand on the image (outer border line centred 48 px from the top-left,
//! 198 px cell pitch) and checked against the pixels before use, so the test exercises only
//! the overlay: hints land in every open cell, given cells are left untouched.

mod support;

use snapsolve::board::{Grid, Reading, Theme};
use snapsolve::render::overlay::{OverlayMarks, OverlayOptions, overlay};
use snapsolve::{Puzzle, format};
use support::brute;

#[path = "support/shared.rs"]
mod shared_data;

const SHOT: &str = "tango/darcipeoples__linkedin-solvers__linkedin-210-input.png";
const LABEL: &str = "labels/darcipeoples__linkedin-solvers__linkedin-210-input.txt";

#[test]
fn overlay_on_a_real_tango_screenshot() {
    let Some(root) = shared_data::shared_path("realshots") else {
        return;
    };
    let img = image::open(root.join(SHOT)).expect("screenshot").to_rgb8();
    let text = std::fs::read_to_string(root.join(LABEL)).expect("label");
    let puzzle = format::parse(&text).expect("label parses");
    let Puzzle::Tango(t) = &puzzle else {
        panic!("a Tango label")
    };
    let grid = Grid {
        rows: 6,
        cols: 6,
        left: 48.0,
        top: 48.0,
        cell_w: 198.0,
        cell_h: 198.0,
    };
    // The measured grid is right: every inner grid line has the line colour where no marker
    // sits (a quarter of the way along each cell).
    let line = image::Rgb([0xEB, 0xE4, 0xDA]);
    for k in 0..=6 {
        let v = (48.0 + k as f32 * 198.0) as u32;
        for j in 0..6 {
            let u = (48.0 + (j as f32 + 0.25) * 198.0) as u32;
            assert_eq!(*img.get_pixel(v, u), line, "vertical line {k} at y={u}");
            assert_eq!(*img.get_pixel(u, v), line, "horizontal line {k} at x={u}");
        }
    }
    let solution = brute::unique_solution(&puzzle).expect("one solution");
    let reading = Reading {
        puzzle: puzzle.clone(),
        grid,
        theme: Theme::Light,
        placed: vec![],
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
    let out = overlay(
        &img,
        &reading,
        Some(&solution),
        &OverlayMarks::default(),
        &OverlayOptions::default(),
    )
    .expect("overlay");
    assert_eq!(out.dimensions(), img.dimensions());
    for pos in t.positions() {
        let (cx, cy) = grid.center(pos);
        let h = 0.3 * 198.0;
        let changed = (0..(2.0 * h) as u32)
            .flat_map(|dy| (0..(2.0 * h) as u32).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| ((cx - h) as u32 + dx, (cy - h) as u32 + dy))
            .filter(|&(x, y)| img.get_pixel(x, y) != out.get_pixel(x, y))
            .count();
        if t.given(pos).is_some() {
            assert_eq!(changed, 0, "given cell {pos} was drawn on");
        } else {
            assert!(
                changed > 1500,
                "open cell {pos}: only {changed} pixels changed"
            );
        }
    }
}
