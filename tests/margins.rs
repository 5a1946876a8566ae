//! A board with a margin around it, about a cell wide: the margin is page, never a ring of
//! board cells. A Tango board cropped so fits an 8x8 lattice whose outer ring is that margin
//! (`TangoLocateOptions::min_outer_segments`); a Queens board whose outer ring is two whole
//! regions is not read as the thick-framed 7x7 inside it (`ExtentOptions::beyond_min_chroma`).

use image::{Rgb, RgbImage};
use snapsolve::answer::solve_reading;
use snapsolve::certify::CertifyOptions;
use snapsolve::format;
use snapsolve::pipeline::{ReadOptions, read_image};
use snapsolve::puzzle::Puzzle;
use snapsolve::solve::SolveOptions;

#[path = "support/shared.rs"]
mod shared_data;

/// `img` on a `colour` canvas, `mx` pixels more at the left and right, `my` at the top and
/// bottom.
fn pad(img: &RgbImage, colour: [u8; 3], mx: u32, my: u32) -> RgbImage {
    let mut out = RgbImage::from_pixel(img.width() + 2 * mx, img.height() + 2 * my, Rgb(colour));
    image::imageops::replace(&mut out, img, i64::from(mx), i64::from(my));
    out
}

/// A rendered 6x6 board (13 px of white around it, cells of 50 px) with 40 more pixels of
/// page at the sides and 30 at the top and bottom: an 8x8 lattice one cell out fits within
/// the image edges. It is read as the 6x6 it is, its label's puzzle (read as an 8x8 of page
/// cells before, with several solutions).
#[test]
fn a_tango_board_with_a_cell_wide_margin_is_read_at_its_size() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let name = "tango-6x6-light-none-raw";
    let img = image::open(dir.join(format!("{name}.png")))
        .unwrap()
        .to_rgb8();
    let label: Puzzle =
        format::parse(&std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap()).unwrap();
    for colour in [[255, 255, 255], [200, 200, 200]] {
        let padded = pad(&img, colour, 40, 30);
        let reading = read_image(&padded, &ReadOptions::default()).expect("a board");
        assert_eq!((reading.grid.rows, reading.grid.cols), (6, 6), "{colour:?}");
        assert_eq!(reading.puzzle, label, "{colour:?}");
    }
}

/// santipvz board3, a 9x9 whose outer ring is two L-shaped regions (pink and orange) around
/// a 7x7 of regions framed by thick lines, cropped without its frame: on a grey margin the 7x7
/// was read as the board, unique and wrong. The coloured cells beyond it now refuse it.
#[test]
fn a_queens_board_is_not_read_as_the_framed_block_inside_its_outer_ring() {
    let Some(root) = shared_data::shared_path("realshots") else {
        return;
    };
    let name = "santipvz__queen_solver__board3";
    let img = shared_data::open_capture(&root.join(format!("queens/{name}.png")));
    let (_, want) = shared_data::label_solution(&root, name);
    for colour in [[200, 200, 200], [255, 255, 255]] {
        let padded = pad(&img, colour, 40, 30);
        let Ok(reading) = read_image(&padded, &ReadOptions::default()) else {
            continue;
        };
        assert_eq!(
            reading.grid.rows, 9,
            "{colour:?}: read as {:?}",
            reading.grid
        );
        let solved = solve_reading(
            reading,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .unwrap();
        if let Some(got) = solved.answer() {
            assert_eq!(got, &want, "{colour:?}");
        }
    }
}
