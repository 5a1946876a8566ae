//! Boards cut at an image edge. Tango (`vision::tango`'s extended reading): a board whose
//! outer column is mostly in view is read, its cut column doubted where the cut can hide
//! something, and answered only when that cannot change the answer; a board with a fifth of
//! its outer column in view is refused as cut off. Queens: the cut line is read from
//! its visible part, or the board is refused as cut off there. Runs whenever
//! ../shared/realshots exists (it does in CI).

use image::RgbImage;
use snapsolve::answer::solve_reading;
use snapsolve::board::Side;
use snapsolve::certify::CertifyOptions;
use snapsolve::pipeline::{ReadOptions, read_image};
use snapsolve::puzzle::Puzzle;
use snapsolve::solve::SolveOptions;
use snapsolve::vision::ReadError;

#[path = "support/shared.rs"]
mod shared_data;

/// The capture `{game}/{name}.png`, the board's grid as read whole, and the label's solution.
fn capture(
    game: &str,
    name: &str,
) -> Option<(
    RgbImage,
    snapsolve::board::Grid,
    snapsolve::puzzle::Solution,
)> {
    shared_data::labelled_capture(&format!("{game}/{name}.png"))
}

/// The board box with `cut` of its first column's width removed on the left.
fn cut_left(img: &RgbImage, g: &snapsolve::board::Grid, cut: f32) -> RgbImage {
    let x0 = (g.left + cut * g.cell_w).round().max(0.0) as u32;
    let x1 = ((g.left + g.width()).round() as u32).min(img.width());
    let y0 = g.top.round().max(0.0) as u32;
    let y1 = ((g.top + g.height()).round() as u32).min(img.height());
    image::imageops::crop_imm(img, x0, y0, x1 - x0, y1 - y0).to_image()
}

#[test]
fn a_board_cut_through_its_outer_column_is_read_or_refused_never_wrong() {
    for name in [
        "santipvz__tango_solver__sample2",
        "wswebcreation__rn-tango__tango-222",
        "darcipeoples__linkedin-solvers__208",
    ] {
        let Some((img, grid, want)) = capture("tango", name) else {
            return;
        };
        // A third of the column gone: read, the cut reported, the answer right.
        let cut = cut_left(&img, &grid, 0.3);
        let reading = read_image(&cut, &ReadOptions::default()).expect("a cut board read");
        assert_eq!(reading.cut, Some(Side::Left), "{name}");
        assert!(
            reading.grid.left < 0.0,
            "{name}: the grid runs out of the image"
        );
        let solved = solve_reading(
            reading,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .unwrap();
        assert_eq!(
            solved.answer(),
            Some(&want),
            "{name}: {}",
            solved.outcome_name()
        );
        // Cut through the middle of the column (45% in view): read, never a wrong answer.
        let mid = cut_left(&img, &grid, 0.55);
        match read_image(&mid, &ReadOptions::default()) {
            Ok(reading) => {
                assert_eq!(reading.cut, Some(Side::Left), "{name}");
                let solved = solve_reading(
                    reading,
                    &SolveOptions::default(),
                    &CertifyOptions::default(),
                )
                .unwrap();
                if let Some(answer) = solved.answer() {
                    assert_eq!(answer, &want, "{name}: a wrong answer at 45% in view");
                }
            }
            Err(e) => panic!("{name}: 45% in view should be read, got {e}"),
        }
        // A fifth in view (under `TangoReadOptions::cut_min_visible`): refused as cut off.
        let deep = cut_left(&img, &grid, 0.8);
        match read_image(&deep, &ReadOptions::default()) {
            Err(ReadError::CutOff { side }) => assert_eq!(side, Side::Left, "{name}"),
            other => panic!(
                "{name}: expected a cut-off refusal, got {:?}",
                other.map(|r| r.grid)
            ),
        }
    }
}

/// A Queens phone capture cut through its bottom row (45% of it in view, page all round
/// otherwise) or its left column (55% in view) is read whole, the cut line from its visible
/// part, with the label's answer, or refused as cut off at that side; never read as a square
/// of the rows in view and a row of the page.
#[test]
fn a_queens_board_cut_at_an_image_edge_is_refused_as_cut_off_or_read_right() {
    let Some((img, g, want)) = capture("queens", "darcipeoples__linkedin-solvers__2025-05-04")
    else {
        return;
    };
    let (w, h) = (img.width(), img.height());
    // Bottom: keep 45% of the last row.
    let y1 = (g.top + (g.rows as f32 - 0.55) * g.cell_h).round() as u32;
    let bottom = image::imageops::crop_imm(&img, 0, 0, w, y1).to_image();
    // Left: keep 55% of the first column.
    let x0 = (g.left + 0.45 * g.cell_w).round() as u32;
    let left = image::imageops::crop_imm(&img, x0, 0, w - x0, h).to_image();
    let mut read = 0;
    for (cut, side) in [(bottom, Side::Bottom), (left, Side::Left)] {
        match read_image(&cut, &ReadOptions::default()) {
            Err(ReadError::CutOff { side: s }) => assert_eq!(s, side),
            Err(e) => panic!("{side}: expected an answer or a cut-off refusal, got {e}"),
            Ok(reading) => {
                assert_eq!(reading.cut, Some(side), "the cut reported");
                assert_eq!(reading.grid.rows, g.rows, "{side}: the whole board");
                let solved = solve_reading(
                    reading,
                    &SolveOptions::default(),
                    &CertifyOptions::default(),
                )
                .unwrap();
                assert_eq!(
                    solved.answer(),
                    Some(&want),
                    "{side}: {}",
                    solved.outcome_name()
                );
                read += 1;
            }
        }
    }
    // Both are read with the cut line from its visible part
    // (`QueensLocateOptions::cut_read_min`).
    assert_eq!(read, 2, "both cuts read");
}

/// Cut deep into its outer column (38% in view), a Tango board's icons there show only a
/// sliver: each is read from its colours against the board's own two icons
/// (`TangoReadOptions::cut_icon_votes`), its given status doubted, and never as the other
/// symbol.
#[test]
fn icons_cut_to_a_sliver_are_read_from_their_colours() {
    let mut read = 0;
    for name in [
        "santipvz__tango_solver__sample2",
        "wswebcreation__rn-tango__tango-222",
        "darcipeoples__linkedin-solvers__208",
        "santipvz__tango_solver__sample4",
        "wswebcreation__rn-tango__tango-094",
    ] {
        let Some((img, grid, want)) = capture("tango", name) else {
            return;
        };
        let whole = read_image(&img, &ReadOptions::default()).unwrap();
        let cut = cut_left(&img, &grid, 0.62);
        let reading = read_image(&cut, &ReadOptions::default()).expect("read at 38%");
        let (Some(before), Some(after)) = (whole.tango_pieces(), reading.tango_pieces()) else {
            panic!("{name}: Tango pieces");
        };
        let (Puzzle::Tango(t), snapsolve::puzzle::Solution::Tango { cells, .. }) =
            (&reading.puzzle, &want)
        else {
            panic!("{name}: a Tango reading");
        };
        let cols = t.cols();
        for r in 0..t.rows() {
            let i = r * cols;
            if let Some(s) = after[i] {
                assert_eq!(
                    Some(s),
                    before[i],
                    "{name}: r{}c1 read as the other icon",
                    r + 1
                );
                assert_eq!(s, cells[i], "{name}: r{}c1 against the label", r + 1);
                read += 1;
            } else {
                // An empty look may be an icon out of view (`cut_icons_seen`): free.
                let pos = snapsolve::puzzle::Pos::new(r, 0);
                assert!(
                    reading
                        .occluded
                        .contains(&snapsolve::certify::Element::Cell { pos }),
                    "{name}: r{}c1 looks empty and is not free",
                    r + 1
                );
            }
        }
    }
    // 12 read; 2 without `cut_icon_votes`.
    assert!(read >= 8, "cut icons read: {read}");
}

/// A Queens capture cut through its top row and its right column (a corner crop; half of each
/// in view) leaves a square lattice of whole cells: it is refused as cut off, never read as a
/// smaller board (the strip between the lattice and the image edge shows the board's colours,
/// `ExtentOptions::min_strip_px`; this capture was answered wrong before).
#[test]
fn a_queens_board_cut_at_a_corner_is_not_read_as_a_smaller_board() {
    for name in [
        "santipvz__queen_solver__board3",
        "santipvz__queen_solver__board8",
    ] {
        let Some((img, g, _)) = capture("queens", name) else {
            return;
        };
        let y0 = (g.top + 0.5 * g.cell_h).round().max(1.0) as u32;
        let x1 = ((g.left + g.width() - 0.5 * g.cell_w).round() as u32).min(img.width() - 1);
        let corner = image::imageops::crop_imm(&img, 0, y0, x1, img.height() - y0).to_image();
        match read_image(&corner, &ReadOptions::default()) {
            Err(ReadError::CutOff { .. }) => {}
            other => panic!(
                "{name}: expected a cut-off refusal, got {:?}",
                other.map(|r| r.grid)
            ),
        }
    }
}

/// A dark phone capture of an 8x8 Tango board cut through its top row and its right column
/// (a corner crop, 70% of each in view) is refused as cut off, not read one row off onto the
/// page below (the buttons there continue the board's border): the cut row's lines running on
/// past the shifted block's top reject it, now that the extent search reaches that row
/// (`TangoLocateOptions::extent_window`). It was answered wrong before.
#[test]
fn a_tango_board_cut_at_a_corner_is_not_read_a_row_off() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/tango-8x8-dark-phone-in-progress.png");
    let img = image::open(&path).unwrap().to_rgb8();
    let g = read_image(&img, &ReadOptions::default()).unwrap().grid;
    let y0 = (g.top + 0.3 * g.cell_h).round() as u32;
    let x1 = (g.left + g.width() - 0.3 * g.cell_w).round() as u32;
    let corner = image::imageops::crop_imm(&img, 0, y0, x1, img.height() - y0).to_image();
    match read_image(&corner, &ReadOptions::default()) {
        Err(ReadError::CutOff { .. }) => {}
        other => panic!(
            "expected a cut-off refusal, got {:?}",
            other.map(|r| r.grid)
        ),
    }
}

/// Cut to 45% of its outer column, a Tango board still shows the corners of that column's
/// cells on the side in view, and with them a given's shading: a piece there whose corners
/// match the board's givens (or its other cells) clearly is read as a given (or as placed)
/// without a doubt (`TangoReadOptions::cut_given_shade`), always as the label has it.
#[test]
fn a_cut_pieces_given_status_is_read_from_the_corners_in_view() {
    use snapsolve::board::{Doubt, Placed};
    use snapsolve::vision::tango::TangoReadOptions;
    let Some(root) = shared_data::shared_path("realshots") else {
        return;
    };
    let read_with = |cut: &RgbImage, shade: Option<[f32; 2]>| {
        let mut o = ReadOptions::default();
        o.tango = TangoReadOptions {
            cut_given_shade: shade,
            ..o.tango
        };
        read_image(cut, &o).expect("read at 45%")
    };
    let (mut decided, mut decided_off) = (0, 0);
    for name in [
        "santipvz__tango_solver__sample2",
        "santipvz__tango_solver__sample4",
        "santipvz__tango_solver__sample6",
        "wswebcreation__rn-tango__tango-007",
        "wswebcreation__rn-tango__tango-017",
        "wswebcreation__rn-tango__tango-041",
    ] {
        let Some((img, grid, _)) = capture("tango", name) else {
            return;
        };
        let (label, _) = shared_data::label_solution(&root, name);
        let Puzzle::Tango(lt) = &label else {
            panic!("{name}: a Tango label");
        };
        let cut = cut_left(&img, &grid, 0.55);
        let count = |reading: &snapsolve::board::Reading| {
            let Puzzle::Tango(t) = &reading.puzzle else {
                panic!("{name}: a Tango reading");
            };
            let mut n = 0;
            for r in 0..t.rows() {
                let pos = snapsolve::puzzle::Pos::new(r, 0);
                let placed = reading
                    .placed
                    .iter()
                    .any(|p| matches!(p, Placed::Symbol { pos: q, .. } if *q == pos));
                let doubted = reading
                    .doubts
                    .iter()
                    .any(|d| matches!(d, Doubt::Cell { pos: q, .. } if *q == pos));
                if (t.given(pos).is_some() || placed) && !doubted {
                    assert_eq!(
                        t.given(pos).is_some(),
                        lt.given(pos).is_some(),
                        "{name}: r{}c1's given status",
                        r + 1
                    );
                    n += 1;
                }
            }
            n
        };
        decided += count(&read_with(
            &cut,
            TangoReadOptions::default().cut_given_shade,
        ));
        decided_off += count(&read_with(&cut, None));
    }
    println!("cut pieces read surely: {decided} (off: {decided_off})");
    assert_eq!(decided_off, 0, "off: every cut piece doubted");
    // 12 read surely; 0 with the option off.
    assert!(decided >= 10, "cut pieces read surely: {decided}");
}

/// Every labelled real capture of `game`, read whole, then changed by `variants` (a name and
/// an image per variant, from the capture and its grid): each variant is answered right or
/// not at all with the default options. Returns the variants and how many of them `without`
/// (reading and certify options) answers wrong; `None` without ../shared.
fn never_wrong(
    game: &str,
    without: (&ReadOptions, &CertifyOptions),
    variants: impl Fn(&RgbImage, &snapsolve::board::Grid) -> Vec<(String, RgbImage)>,
) -> Option<(usize, usize)> {
    let paths = shared_data::captures(game)?;
    let root = shared_data::shared_path("realshots")?;
    let answer = |img: &RgbImage, (opts, certify): (&ReadOptions, &CertifyOptions)| {
        let reading = read_image(img, opts).ok()?;
        solve_reading(reading, &SolveOptions::default(), certify)
            .ok()?
            .answer()
            .cloned()
    };
    let (mut cases, mut wrong_without) = (0, 0);
    for path in paths {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        if !root.join(format!("labels/{name}.txt")).exists() {
            continue;
        }
        let img = shared_data::open_capture(&path);
        let Ok(whole) = read_image(&img, &ReadOptions::default()) else {
            continue;
        };
        let (_, want) = shared_data::label_solution(&root, &name);
        for (variant, changed) in variants(&img, &whole.grid) {
            cases += 1;
            if let Some(a) = answer(
                &changed,
                (&ReadOptions::default(), &CertifyOptions::default()),
            ) {
                assert_eq!(a, want, "{name} ({variant}): a wrong answer");
            }
            if answer(&changed, without).is_some_and(|a| a != want) {
                wrong_without += 1;
            }
        }
    }
    Some((cases, wrong_without))
}

/// The capture with whole rows of the board's pitch removed: `top` cells' heights from the
/// board's top edge down, `bottom` from its bottom edge up (the page beyond stays).
fn cut_rows(img: &RgbImage, g: &snapsolve::board::Grid, top: f32, bottom: f32) -> RgbImage {
    let y0 = if top > 0.0 {
        (g.top + top * g.cell_h).round().max(0.0) as u32
    } else {
        0
    };
    let y1 = if bottom > 0.0 {
        ((g.top + g.height() - bottom * g.cell_h).round() as u32).min(img.height())
    } else {
        img.height()
    };
    image::imageops::crop_imm(img, 0, y0, img.width(), y1 - y0).to_image()
}

/// Every real Tango capture cut exactly at the line below its top row, or above its bottom
/// row, shows five rows of board and, a cell beyond, the page: LinkedIn's Undo / Hint buttons
/// (outlined where a border would be, an icon in them where cells would have theirs) or the
/// header's line. A lattice a row off onto them was answered wrong on 18 + 9 of them; such a
/// row has neither the frame along its sides (`TangoLocateOptions::frame_side_ok`) nor the
/// givens that alone hide a board's lines (`TangoReadOptions::unlined_givens`), nor the lines
/// between its cells (`TangoReadOptions::outer_unlined_share`): refused or right, never
/// wrong.
#[test]
fn a_board_cut_at_a_row_line_is_not_read_a_row_off_onto_the_page() {
    let without = {
        let mut o = ReadOptions::default();
        o.tango.locate.frame_side_ok = 0.0;
        o.tango.unlined_givens = false;
        o.tango.outer_unlined_share = None;
        o
    };
    let Some((cases, wrong_without)) =
        never_wrong("tango", (&without, &CertifyOptions::default()), |img, g| {
            [(1.0, 0.0), (0.0, 1.0)]
                .into_iter()
                .map(|(top, bottom)| (format!("cut {top}/{bottom}"), cut_rows(img, g, top, bottom)))
                .collect()
        })
    else {
        return;
    };
    assert!(cases >= 150, "{cases} cut captures");
    // The three checks are what keeps them right: without them many are answered wrong.
    assert!(
        wrong_without >= 10,
        "{wrong_without} wrong without the checks"
    );
}

/// The capture cropped at a corner through the board: `cut` of a cell removed beyond its
/// bottom row and its left column (`bottom_left`), or its top row and right column.
fn cut_corner(img: &RgbImage, g: &snapsolve::board::Grid, cut: f32, bottom_left: bool) -> RgbImage {
    let (x0, x1, y0, y1) = if bottom_left {
        (
            (g.left + cut * g.cell_w).round().max(0.0) as u32,
            img.width(),
            0,
            ((g.top + g.height() - cut * g.cell_h).round() as u32).min(img.height()),
        )
    } else {
        (
            0,
            ((g.left + g.width() - cut * g.cell_w).round() as u32).min(img.width()),
            (g.top + cut * g.cell_h).round().max(0.0) as u32,
            img.height(),
        )
    };
    image::imageops::crop_imm(img, x0, y0, x1 - x0, y1 - y0).to_image()
}

/// Every real Queens capture cropped at a corner through the board, 65% of the cut row and
/// column in view: a region lying wholly in that row and column (an L along two sides) has
/// no colour in the square lattice left, so the strip's colour proves nothing; the lattice's
/// thin lines running on across it do (`ExtentOptions::lines_run_on`). Refused as cut off or
/// read right, never read as the smaller board (3 were, and answered wrong, before).
#[test]
fn a_queens_board_cut_at_a_corner_through_an_l_shaped_region_is_not_read_smaller() {
    let without = {
        let mut o = ReadOptions::default();
        o.queens.extent.lines_run_on = None;
        o
    };
    let Some((cases, wrong_without)) = never_wrong(
        "queens",
        (&without, &CertifyOptions::default()),
        |img, g| {
            [true, false]
                .into_iter()
                .map(|bl| (format!("bottom-left {bl}"), cut_corner(img, g, 0.35, bl)))
                .collect()
        },
    ) else {
        return;
    };
    assert!(cases >= 150, "{cases} cut captures");
    assert!(wrong_without >= 3, "{wrong_without} wrong without the test");
}

/// The capture with a white card (a grey outline) over the board from `rows` cells above its
/// bottom edge down, and a little beyond its sides.
fn card_over_bottom(img: &RgbImage, g: &snapsolve::board::Grid, rows: f32) -> RgbImage {
    let mut out = img.clone();
    let y0 = (g.top + g.height() - rows * g.cell_h).round().max(0.0) as u32;
    let y1 = ((g.top + g.height() + 0.4 * g.cell_h) as u32).min(img.height());
    let x0 = (g.left - 0.4 * g.cell_w).max(0.0) as u32;
    let x1 = ((g.left + g.width() + 0.4 * g.cell_w) as u32).min(img.width());
    for y in y0..y1 {
        for x in x0..x1 {
            let outline = y == y0 || x == x0 || x + 1 == x1;
            let c = if outline {
                [200, 200, 200]
            } else {
                [255, 255, 255]
            };
            out.put_pixel(x, y, image::Rgb(c));
        }
    }
    out
}

/// Every real Queens capture with a white card over its bottom row (its edge on the line
/// above it): the card reads as a row of one colour, which the regions can take for a region
/// of its own, but no line parts its cells (`ExtentOptions::bare_outer_line`): refused, never
/// read as a board with that row.
#[test]
fn a_card_over_a_queens_boards_last_row_is_not_read_as_a_region() {
    // The card's row merged into a region shows two flat colours there, and thick lines
    // inside it, which `RegionOptions::two_colours_anywhere` and `thick_inside` also
    // withhold: off too, so that the extent check is what is measured.
    let without = {
        let mut o = ReadOptions::default();
        o.queens.extent.bare_outer_line = None;
        o.queens.regions.two_colours_anywhere = None;
        o.queens.regions.thick_inside = None;
        o
    };
    // Certify's guard against doubted cells touching inside a region catches these cards
    // too (`CertifyOptions::queens_doubted_group_min`): off, so that the reader's own check
    // is what is measured.
    let no_group = CertifyOptions {
        queens_doubted_group_min: None,
        ..CertifyOptions::default()
    };
    let Some((cases, wrong_without)) = never_wrong("queens", (&without, &no_group), |img, g| {
        vec![("card".to_string(), card_over_bottom(img, g, 1.0))]
    }) else {
        return;
    };
    assert!(cases >= 75, "{cases} covered captures");
    assert!(wrong_without >= 1, "{wrong_without} wrong without the test");
}
