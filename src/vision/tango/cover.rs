//! Stage 3c (Tango): grid lines that are not there. LinkedIn draws every line of the lattice;
//! where one is not seen along the whole of an edge, something lies over the board there (a
//! card, a tooltip), and what it hides is not read (see
//! [`super::TangoReadOptions::unlined_edge_ratio`]).

use super::TangoReadOptions;
use crate::board::Grid;
use crate::puzzle::{Edge, Pos};
use crate::vision::pixel::{luma, nearest};
use image::RgbImage;

/// Places along an edge where its line is looked at, as fractions of the edge: away from the
/// marker in its middle and from the crossings at its ends.
const ALONG: [f32; 4] = [0.2, 0.3, 0.7, 0.8];

/// Half-width of the window across the line where the line is looked for, and the distance
/// of the ground samples on either side, as fractions of the cell.
const WINDOW: f32 = 0.1;
const GROUND: f32 = 0.16;

/// How far the grid line of `edge` stands out from the ground on both sides (luma): at each
/// place along the edge ([`ALONG`]), the sample across the line farthest from the mean of the
/// two ground samples; the strongest place counts (a line seen anywhere along the edge is
/// there).
pub fn line_contrast(img: &RgbImage, grid: &Grid, edge: Edge) -> f32 {
    line_places(img, grid, edge).into_iter().fold(0.0, f32::max)
}

/// How far the grid line of `edge` stands out from the ground at each place along it
/// ([`ALONG`]); [`line_contrast`] is the strongest.
pub fn line_places(img: &RgbImage, grid: &Grid, edge: Edge) -> [f32; 4] {
    let (cw, ch) = (grid.cell_w, grid.cell_h);
    // Position of the line and of a place along it, per orientation: (x, y) at `t` across
    // (pixels from the line) and `f` along (fraction of the edge).
    let at = |f: f32, t: f32| -> (f32, f32) {
        match edge {
            Edge::Right(Pos { row, col }) => (
                grid.left + (col + 1) as f32 * cw + t,
                grid.top + (row as f32 + f) * ch,
            ),
            Edge::Down(Pos { row, col }) => (
                grid.left + (col as f32 + f) * cw,
                grid.top + (row + 1) as f32 * ch + t,
            ),
        }
    };
    let across = match edge {
        Edge::Right(_) => cw,
        Edge::Down(_) => ch,
    };
    let half = (WINDOW * across).round().max(1.0) as i32;
    let ground_off = (GROUND * across).max(half as f32 + 1.0);
    let l = |(x, y): (f32, f32)| luma(nearest(img, x, y));
    ALONG.map(|f| {
        let ground = (l(at(f, -ground_off)) + l(at(f, ground_off))) / 2.0;
        (-half..=half)
            .map(|d| (l(at(f, d as f32)) - ground).abs())
            .fold(0.0, f32::max)
    })
}

/// The inner edges whose line is not seen: contrast ([`line_contrast`]) under
/// [`TangoReadOptions::unlined_edge_ratio`] of the board's median, when that median is at
/// least [`TangoReadOptions::unlined_min_contrast`] (lines too faint to tell, as on small
/// blurred captures, count nowhere). Edges between two cells `given` (by their shading,
/// row-major) are not looked at: LinkedIn's line between two givens is of their shade.
///
/// On a noisy capture a line hidden under a card still measures the noise's strongest sample;
/// such a line is not seen either when it stands out by less than a multiple of the board's
/// noise floor ([`noise_floor`], [`TangoReadOptions::unlined_noise`]).
///
/// A line seen at too few of its places is not seen either
/// ([`TangoReadOptions::unlined_places`]); places far stronger than the board's lines do not
/// count, but beside a cell `striped` (row-major: under LinkedIn's rule-break stripes).
pub fn unlined_edges(
    img: &RgbImage,
    grid: &Grid,
    given: &[bool],
    empty: &[bool],
    striped: &[bool],
    opts: &TangoReadOptions,
) -> Vec<Edge> {
    let Some(ratio) = opts.unlined_edge_ratio else {
        return Vec::new();
    };
    let lines = line_contrasts(img, grid, given);
    let Some(median) = median_contrast(&lines) else {
        return Vec::new();
    };
    if median < opts.unlined_min_contrast {
        return Vec::new();
    }
    let floor = opts
        .unlined_noise
        .and_then(|[factor, least, cap]| {
            noise_floor(img, grid, empty, least as usize)
                .filter(|&f| f <= cap * median)
                .map(|f| factor * f)
        })
        .unwrap_or(0.0);
    let bound = (ratio * median).max(floor);
    // A line seen at too few places, once places standing out far more than the board's
    // lines are left aside (`unlined_places`; not beside a cell under LinkedIn's stripes,
    // which stand out more than its lines).
    let on = |flags: &[bool], p: Pos| flags.get(p.index(grid.cols)).copied().unwrap_or(false);
    let seen_too_little = |e: Edge| {
        opts.unlined_places.is_some_and(|[least, cap]| {
            let (a, b) = e.cells();
            let top = if on(striped, a) || on(striped, b) {
                f32::INFINITY
            } else {
                cap * median
            };
            let seen = line_places(img, grid, e)
                .iter()
                .filter(|&&p| p >= bound && p <= top)
                .count();
            (seen as f32) < least
        })
    };
    lines
        .into_iter()
        .filter(|&(e, c)| c < bound || seen_too_little(e))
        .map(|(e, _)| e)
        .collect()
}

/// The board's noise floor: the lower quartile of [`line_contrast`] measured where no line
/// is drawn, through the middle of the cells `empty` (row-major: read surely empty), across
/// and along. It is what the statistic gives on the bare cell colour: near 0 on a clean
/// capture, the strongest of the noise's samples on a noisy one. The lower quartile: a card
/// or veil over some of those cells draws there. `None` with fewer than `least` such
/// measurements.
pub fn noise_floor(img: &RgbImage, grid: &Grid, empty: &[bool], least: usize) -> Option<f32> {
    // The lattice moved half a cell back: its line right of (below) cell k runs through the
    // middle of cell k.
    let across = Grid {
        left: grid.left - 0.5 * grid.cell_w,
        ..*grid
    };
    let along = Grid {
        top: grid.top - 0.5 * grid.cell_h,
        ..*grid
    };
    let mut samples = Vec::new();
    for (i, _) in empty.iter().enumerate().filter(|&(_, &e)| e) {
        let p = Pos::new(i / grid.cols, i % grid.cols);
        samples.push(line_contrast(img, &across, Edge::Right(p)));
        samples.push(line_contrast(img, &along, Edge::Down(p)));
    }
    if samples.len() < least.max(1) {
        return None;
    }
    samples.sort_by(f32::total_cmp);
    Some(samples[samples.len() / 4])
}

/// Every inner edge of the lattice with its [`line_contrast`], but the edges between two
/// cells `given` (row-major; LinkedIn's line between two givens is of their shade).
pub fn line_contrasts(img: &RgbImage, grid: &Grid, given: &[bool]) -> Vec<(Edge, f32)> {
    let shaded = |p: Pos| given.get(p.index(grid.cols)).copied().unwrap_or(false);
    let mut lines = Vec::new();
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            let p = Pos::new(row, col);
            let right = (col + 1 < grid.cols).then_some(Edge::Right(p));
            let down = (row + 1 < grid.rows).then_some(Edge::Down(p));
            for e in [right, down].into_iter().flatten() {
                let (a, b) = e.cells();
                if !(shaded(a) && shaded(b)) {
                    lines.push((e, line_contrast(img, grid, e)));
                }
            }
        }
    }
    lines
}

/// The median contrast of `lines`; `None` when there are none.
pub fn median_contrast(lines: &[(Edge, f32)]) -> Option<f32> {
    let mut sorted: Vec<f32> = lines.iter().map(|&(_, c)| c).collect();
    sorted.sort_by(f32::total_cmp);
    sorted.get(sorted.len() / 2).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A light 6x6 board of 40-pixel cells at (10, 10), its lines 2 px wide.
    fn board() -> (RgbImage, Grid) {
        let mut img = RgbImage::from_pixel(260, 260, Rgb([255, 255, 255]));
        for k in 0..=6u32 {
            let at = 10 + 40 * k;
            for a in 10..250u32 {
                for w in 0..2u32 {
                    let v = (at + w).saturating_sub(1).min(259);
                    img.put_pixel(v, a, Rgb([230, 225, 215]));
                    img.put_pixel(a, v, Rgb([230, 225, 215]));
                }
            }
        }
        let grid = Grid {
            left: 10.0,
            top: 10.0,
            cell_w: 40.0,
            cell_h: 40.0,
            rows: 6,
            cols: 6,
        };
        (img, grid)
    }

    /// A white card over the middle of cells r2c2..r3c3 of `board()`, their lines between them.
    fn card(img: &mut RgbImage) {
        for y in 52..128 {
            for x in 52..128 {
                img.put_pixel(x, y, Rgb([255, 255, 255]));
            }
        }
    }

    #[test]
    fn a_card_over_the_lines_leaves_them_unseen() {
        let (mut img, grid) = board();
        let opts = TangoReadOptions::default();
        let none = [false; 36];
        let all = [true; 36];
        assert!(unlined_edges(&img, &grid, &none, &all, &none, &opts).is_empty());
        // A white card over the middle of cells r2c2..r3c3, their lines between them.
        card(&mut img);
        let unlined = unlined_edges(&img, &grid, &none, &all, &none, &opts);
        for e in [
            Edge::Right(Pos::new(1, 1)),
            Edge::Right(Pos::new(2, 1)),
            Edge::Down(Pos::new(1, 1)),
            Edge::Down(Pos::new(1, 2)),
        ] {
            assert!(unlined.contains(&e), "{e:?} in {unlined:?}");
        }
        assert_eq!(unlined.len(), 4, "{unlined:?}");
        // Between two givens the line is of their shade: not looked at.
        let mut given = none;
        given[Pos::new(1, 1).index(6)] = true;
        given[Pos::new(1, 2).index(6)] = true;
        let unlined = unlined_edges(&img, &grid, &given, &all, &none, &opts);
        assert!(!unlined.contains(&Edge::Right(Pos::new(1, 1))));
        assert_eq!(unlined.len(), 3, "{unlined:?}");
        // Off: none.
        let off = TangoReadOptions {
            unlined_edge_ratio: None,
            ..opts
        };
        assert!(unlined_edges(&img, &grid, &none, &all, &none, &off).is_empty());
    }

    #[test]
    fn the_text_of_a_card_is_not_taken_for_the_lines_it_hides() {
        let (mut img, grid) = board();
        let opts = TangoReadOptions::default();
        let none = [false; 36];
        let all = [true; 36];
        // A white card over the middle of cells r2c2..r3c3 ...
        card(&mut img);
        // ... with dark strokes of its text across each hidden line at `places` of the four
        // places it is looked at (y along the vertical line x = 90, x along y = 90).
        let strokes = |img: &mut RgbImage, places: &[u32]| {
            for &at in places {
                for d in 0..3 {
                    for w in 86..95 {
                        img.put_pixel(w, at + d, Rgb([60, 60, 60]));
                        img.put_pixel(at + d, w, Rgb([60, 60, 60]));
                    }
                }
            }
        };
        let hidden = [
            Edge::Right(Pos::new(1, 1)),
            Edge::Down(Pos::new(1, 1)),
            Edge::Down(Pos::new(1, 2)),
            Edge::Right(Pos::new(2, 1)),
        ];
        let mut one = img.clone();
        strokes(&mut one, &[57, 97]);
        let unlined = unlined_edges(&one, &grid, &none, &all, &none, &opts);
        assert_eq!(unlined, hidden, "{unlined:?}");
        // A line seen at any one place used to be there.
        let any = TangoReadOptions {
            unlined_places: None,
            ..opts.clone()
        };
        assert!(unlined_edges(&one, &grid, &none, &all, &none, &any).is_empty());
        // Strokes at two places of each line, far stronger than the board's lines, do not count
        // either, but beside cells under LinkedIn's stripes.
        strokes(&mut img, &[57, 61, 97, 101]);
        let unlined = unlined_edges(&img, &grid, &none, &all, &none, &opts);
        assert_eq!(unlined, hidden, "{unlined:?}");
        let mut striped = none;
        for p in [(1, 1), (1, 2), (2, 1), (2, 2)] {
            striped[Pos::new(p.0, p.1).index(6)] = true;
        }
        assert!(unlined_edges(&img, &grid, &none, &all, &striped, &opts).is_empty());
    }

    /// `board()` with a white card over the middle of cells r2c2..r3c3, then noise of about
    /// `sigma` over everything and the pipeline's smoothing (`vision::denoise`), as a noisy
    /// capture is read.
    fn noisy_card(sigma: f32) -> (RgbImage, Grid) {
        use crate::vision::denoise::{DenoiseOptions, smooth, unit_noise};
        let (mut img, grid) = board();
        card(&mut img);
        let mut noise = unit_noise(99);
        for p in img.pixels_mut() {
            let n = sigma * noise();
            *p = Rgb(p.0.map(|c| (f32::from(c) + n).clamp(0.0, 255.0) as u8));
        }
        // The pipeline's blur, whatever the noise estimate (white cells clip half the noise).
        let always = DenoiseOptions {
            min_sigma: 0.0,
            ..DenoiseOptions::default()
        };
        (smooth(&img, &always).expect("smoothed").image, grid)
    }

    #[test]
    fn under_noise_a_card_hides_lines_down_to_the_noise_floor() {
        let (img, grid) = noisy_card(14.0);
        let none = [false; 36];
        let all = [true; 36];
        let hidden = [
            Edge::Right(Pos::new(1, 1)),
            Edge::Right(Pos::new(2, 1)),
            Edge::Down(Pos::new(1, 1)),
            Edge::Down(Pos::new(1, 2)),
        ];
        let opts = TangoReadOptions::default();
        let floor = noise_floor(&img, &grid, &all, 6).expect("36 empty cells");
        let lines = line_contrasts(&img, &grid, &none);
        let median = median_contrast(&lines).expect("lines");
        let ratio = opts.unlined_edge_ratio.expect("on by default");
        for (e, c) in &lines {
            if hidden.contains(e) {
                // The noise lifts the hidden lines above the ratio's bound ...
                assert!(c > &(ratio * median), "{e:?} {c} of {median}");
            }
        }
        // ... but not above the noise floor's.
        let unlined = unlined_edges(&img, &grid, &none, &all, &none, &opts);
        for e in hidden {
            assert!(unlined.contains(&e), "{e:?} in {unlined:?} (floor {floor})");
        }
        assert_eq!(unlined.len(), 4, "{unlined:?} (floor {floor})");
        // Without the floor they are seen; with too few empty cells it is not measured.
        let off = TangoReadOptions {
            unlined_noise: None,
            ..opts.clone()
        };
        assert!(unlined_edges(&img, &grid, &none, &all, &none, &off).is_empty());
        // A floor above `cap` times the board's median line is not taken for noise.
        let capped = TangoReadOptions {
            unlined_noise: Some([2.0, 6.0, 0.5 * floor / median]),
            ..opts.clone()
        };
        assert!(unlined_edges(&img, &grid, &none, &all, &none, &capped).is_empty());
        let mut few = none; // two cells: four measurements
        few[..2].fill(true);
        assert_eq!(noise_floor(&img, &grid, &few, 6), None);
        // A clean board's floor is 0.
        let (clean, _) = board();
        assert_eq!(noise_floor(&clean, &grid, &all, 6), Some(0.0));
    }
}
