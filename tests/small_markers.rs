//! Markers on down-scaled real captures: the small-glyph model
//! ([`snapsolve::models::tango_glyph_small`], glyphs of 2-4 image pixels) makes more of them
//! sure, and none of them sure and wrong. Runs whenever ../shared/realshots exists (it does
//! in CI). The scale, 0.35x, is the perturbation suite's, which the model's training data
//! leave out (they use 0.27x, 0.3x, 0.38x, 0.4x, 0.42x, 0.45x and up).

use snapsolve::puzzle::Puzzle;
use snapsolve::vision::tango::{TangoReadOptions, read_tango_traced};

#[path = "support/shared.rs"]
mod shared_data;

#[path = "support/perturb.rs"]
mod perturb;

/// Over every second labelled Tango capture, down-scaled 0.35x: `(markers read sure and
/// right, read sure and wrong)` with these options.
fn sure_reads(opts: &TangoReadOptions) -> Option<(usize, usize)> {
    let root = shared_data::shared_path("realshots")?;
    let mut names: Vec<_> = std::fs::read_dir(root.join("tango"))
        .expect("the Tango captures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    names.sort();
    let (mut right, mut wrong) = (0, 0);
    for path in names.iter().step_by(2) {
        let stem = path.file_stem().unwrap().to_string_lossy();
        let Ok(label) = std::fs::read_to_string(root.join(format!("labels/{stem}.txt"))) else {
            continue;
        };
        let Ok(Puzzle::Tango(want)) = snapsolve::format::parse(&label) else {
            continue;
        };
        let img = perturb::scale(&shared_data::open_capture(path), 0.35);
        let (reading, trace) = read_tango_traced(&img, opts);
        let Ok(reading) = reading else { continue };
        if reading.puzzle.size() != (want.rows(), want.cols()) {
            continue;
        }
        for e in trace
            .edges
            .iter()
            .filter(|e| e.marker.is_some() && e.conf >= 0.5)
        {
            if want.marker(e.edge) == e.marker {
                right += 1;
            } else {
                wrong += 1;
            }
        }
    }
    Some((right, wrong))
}

#[test]
fn the_small_glyph_model_makes_small_markers_sure_and_never_wrong() {
    let with = TangoReadOptions::default();
    let Some((right, wrong)) = sure_reads(&with) else {
        return;
    };
    let without = TangoReadOptions {
        marker_glyph_small_model: None,
        ..TangoReadOptions::default()
    };
    let (right_before, _) = sure_reads(&without).expect("the same captures");
    println!(
        "sure and right: {right_before} without the model, {right} with it; sure and wrong: {wrong}"
    );
    assert_eq!(wrong, 0, "a small marker read sure and wrong");
    assert!(
        right > right_before,
        "the model adds no sure read ({right} vs {right_before})"
    );
}
