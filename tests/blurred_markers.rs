//! Markers on blurred real captures: the second view of a glyph's kind
//! ([`snapsolve::vision::tango::EdgeRead::mid_peak`]) makes more of them sure, and none of
//! them sure and wrong. Runs whenever ../shared/realshots exists (it does in CI).

use snapsolve::vision::tango::TangoReadOptions;

#[path = "support/shared.rs"]
mod shared_data;

// Only the sure reads are asked here; the doubted ones are `small_markers.rs`'s.
#[path = "support/sure_markers.rs"]
#[allow(dead_code)]
mod sure_markers;

/// The capture blurred (gaussian, sigma 1.2).
fn blurred(img: &image::RgbImage) -> image::RgbImage {
    imageproc::filter::gaussian_blur_f32(img, 1.2)
}

#[test]
fn the_middle_row_view_makes_blurred_markers_sure_and_never_wrong() {
    let with = TangoReadOptions::default();
    let Some((right, wrong)) = sure_markers::sure_reads(&with, blurred) else {
        return;
    };
    let without = TangoReadOptions {
        marker_mid_peak_min_px: f32::INFINITY,
        ..TangoReadOptions::default()
    };
    let (right_before, _) = sure_markers::sure_reads(&without, blurred).expect("the same captures");
    println!(
        "sure and right: {right_before} without the view, {right} with it; sure and wrong: {wrong}"
    );
    assert_eq!(wrong, 0, "a blurred marker read sure and wrong");
    assert!(
        right > right_before,
        "the view adds no sure read ({right} vs {right_before})"
    );
}

/// A solved 8x8 board blurred: five `=` read as `x` (with doubt) leave the puzzle as read
/// with several solutions, none of them the board; the board is complete, keeps every line
/// rule and shows no stripes, so it is the answer (`CertifyOptions::board_over_markers`).
#[test]
fn a_complete_board_over_blurred_markers_is_the_answer() {
    use snapsolve::answer::solve_reading;
    use snapsolve::certify::{Certificate, CertifyOptions};
    use snapsolve::pipeline::{ReadOptions, read_image};
    use snapsolve::solve::{Outcome, SolveOptions, solve};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let name = "tango-8x8-light-desktop-solved";
    let img = image::open(dir.join(format!("{name}.png")))
        .expect("the fixture")
        .to_rgb8();
    let label = std::fs::read_to_string(dir.join(format!("{name}.txt"))).expect("its label");
    let puzzle = snapsolve::format::parse(&label).expect("a label");
    let Outcome::Unique(want) = solve(&puzzle, &SolveOptions::default()).unwrap().outcome else {
        panic!("the label has one solution");
    };
    let run = |certify: &CertifyOptions| {
        let reading = read_image(&blurred(&img), &ReadOptions::default()).expect("a board");
        solve_reading(reading, &SolveOptions::default(), certify).unwrap()
    };
    let solved = run(&CertifyOptions::default());
    assert_eq!(solved.answer(), Some(&want));
    assert!(matches!(
        solved.certificate,
        Some(Certificate::Completed {
            regions_misread: true,
            ..
        })
    ));
    let off = CertifyOptions {
        board_over_markers: 0,
        ..CertifyOptions::default()
    };
    assert_eq!(run(&off).answer(), None, "off: no answer");
}
