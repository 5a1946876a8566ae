//! The Tango locator on down-scaled real captures: the second try (lines sharing one end,
//! their pitch from their spacing: [`TangoLocateOptions::spacing_merge`]) finds boards whose
//! faint grid lines stop short of the far border at different places, and never a board at
//! another place than the full-size capture's. Runs whenever ../shared/realshots exists (it
//! does in CI).

use snapsolve::board::Grid;
use snapsolve::vision::tango::TangoLocateOptions;
use snapsolve::vision::tango::locate::locate_tango;

#[path = "support/shared.rs"]
mod shared_data;

#[path = "support/perturb.rs"]
mod perturb;

/// Whether `g` is `full` scaled by `f`: origin within a quarter cell, pitch within 5%.
fn same_board(g: &Grid, full: &Grid, f: f32) -> bool {
    let (l, t, w) = (full.left * f, full.top * f, full.cell_w * f);
    g.rows == full.rows
        && (g.left - l).abs() <= 0.25 * w
        && (g.top - t).abs() <= 0.25 * w
        && (g.cell_w - w).abs() <= 0.05 * w
}

#[test]
fn the_second_try_finds_small_boards_and_never_a_board_elsewhere() {
    let Some(paths) = shared_data::tango_captures() else {
        return;
    };
    let with = TangoLocateOptions::default();
    let without = TangoLocateOptions {
        spacing_merge: None,
        ..TangoLocateOptions::default()
    };
    let (mut found_with, mut found_without, mut elsewhere, mut cases) = (0, 0, Vec::new(), 0);
    for path in &paths {
        let img = shared_data::open_capture(path);
        let Ok(full) = locate_tango(&img, &with) else {
            continue;
        };
        for f in [0.6f32, 0.5, 0.4] {
            let small = perturb::scale(&img, f);
            cases += 1;
            for (opts, found) in [(&with, &mut found_with), (&without, &mut found_without)] {
                if let Ok(l) = locate_tango(&small, opts) {
                    if same_board(&l.grid, &full.grid, f) {
                        *found += 1;
                    } else {
                        elsewhere.push(format!("{} at {f}x: {:?}", path.display(), l.grid));
                    }
                }
            }
        }
    }
    println!(
        "{cases} cases: boards found {found_without} without the second try, {found_with} with it"
    );
    assert!(
        elsewhere.is_empty(),
        "a board found elsewhere: {elsewhere:#?}"
    );
    assert!(
        found_with > found_without,
        "the second try finds no board more ({found_with} vs {found_without})"
    );
}
