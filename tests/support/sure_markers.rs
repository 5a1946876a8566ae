//! Markers read sure on degraded real captures (`tests/blurred_markers.rs`,
//! `tests/small_markers.rs`). The including test file declares `mod shared_data`.

use image::RgbImage;
use snapsolve::puzzle::{Puzzle, Tango};
use snapsolve::vision::tango::{EdgeRead, TangoReadOptions, read_tango_traced};

/// Reads every second labelled Tango capture, degraded by `degrade`, with these options, and
/// hands each one read at its label's size to `each` with its label and its edge reads.
/// `None` without ../shared/realshots.
fn each_read(
    opts: &TangoReadOptions,
    degrade: impl Fn(&RgbImage) -> RgbImage,
    mut each: impl FnMut(&Tango, &[EdgeRead]),
) -> Option<()> {
    let root = crate::shared_data::shared_path("realshots")?;
    let mut names: Vec<_> = std::fs::read_dir(root.join("tango"))
        .expect("the Tango captures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    names.sort();
    for path in names.iter().step_by(2) {
        let stem = path.file_stem().unwrap().to_string_lossy();
        let Ok(label) = std::fs::read_to_string(root.join(format!("labels/{stem}.txt"))) else {
            continue;
        };
        let Ok(Puzzle::Tango(want)) = snapsolve::format::parse(&label) else {
            continue;
        };
        let img = degrade(&crate::shared_data::open_capture(path));
        let (reading, trace) = read_tango_traced(&img, opts);
        let Ok(reading) = reading else { continue };
        if reading.puzzle.size() != (want.rows(), want.cols()) {
            continue;
        }
        each(&want, &trace.edges);
    }
    Some(())
}

/// Over every second labelled Tango capture, degraded by `degrade`: `(markers read sure and
/// right, read sure and wrong)` with these options. `None` without ../shared/realshots.
pub fn sure_reads(
    opts: &TangoReadOptions,
    degrade: impl Fn(&RgbImage) -> RgbImage,
) -> Option<(usize, usize)> {
    let (mut right, mut wrong) = (0, 0);
    each_read(opts, degrade, |want, edges| {
        for e in edges.iter().filter(|e| e.marker.is_some() && e.conf >= 0.5) {
            if want.marker(e.edge) == e.marker {
                right += 1;
            } else {
                wrong += 1;
            }
        }
    })?;
    Some((right, wrong))
}

/// What the reader read on the glyphs it doubted, over the same captures as [`sure_reads`].
#[derive(Debug, Default)]
pub struct Doubted {
    /// Doubted glyphs read as the label's kind.
    pub right: usize,
    /// Doubted glyphs read as the other kind.
    pub wrong: usize,
    /// Of these, turned to the kind the glyph shapes and the glyph model favour: right.
    pub leaned_right: usize,
    /// ... and wrong.
    pub leaned_wrong: usize,
    /// Glyphs so turned that ended read without doubt (must not happen).
    pub leaned_sure: usize,
}

/// Over every second labelled Tango capture, degraded by `degrade`: the glyphs read with
/// doubt where the label has a marker. `None` without ../shared/realshots.
pub fn doubted_reads(
    opts: &TangoReadOptions,
    degrade: impl Fn(&RgbImage) -> RgbImage,
) -> Option<Doubted> {
    let mut d = Doubted::default();
    each_read(opts, degrade, |want, edges| {
        for e in edges.iter().filter(|e| e.marker.is_some()) {
            if e.leaned && e.conf >= opts.doubt_below {
                d.leaned_sure += 1;
            }
            let Some(truth) = want.marker(e.edge) else {
                continue;
            };
            if e.conf >= opts.doubt_below {
                continue;
            }
            let right = e.marker == Some(truth);
            *match (e.leaned, right) {
                (false, true) => &mut d.right,
                (false, false) => &mut d.wrong,
                (true, true) => &mut d.leaned_right,
                (true, false) => &mut d.leaned_wrong,
            } += 1;
        }
    })?;
    Some(d)
}
