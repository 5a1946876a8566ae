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
