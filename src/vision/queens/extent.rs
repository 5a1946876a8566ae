//! Is the located lattice the whole board? A board cut by the image edge (a tight crop that a
//! rotation or a careless crop cut into, a phone shot cropped through the board) can leave its
//! outer row or column too cut to be seen as cells; the locator then finds the rest as a
//! smaller board, whose regions are a part of the real ones and whose unique solution is not
//! the board's. A board's outside is page (white, black, grey, text), never more cells of the
//! board's own colours: when, along one side, the cells one pitch further out are mostly
//! coloured like the board's regions, the lattice is a part of a larger board, and it is
//! refused (as cut off when that row reaches the image edge).

use super::color::Lab;
use super::sample::{SampleOptions, Samples, edge_weight, sample_cell};
use crate::board::{Grid, Side};
use crate::vision::ReadError;
use image::RgbImage;

/// Tunables of the extent check.
#[derive(Clone, Debug)]
pub struct ExtentOptions {
    /// An outside cell matches the board when its colour is within this CIE76 distance of a
    /// board cell's colour. Default 10.
    pub match_distance: f32,
    /// ...and its chroma is above this (white, grey and black pages do not count). Default 8.
    pub min_chroma: f32,
    /// An outside cell of any chroma matches the board when it is within `match_distance` of
    /// a board cell's colour and at least this CIE76 distance from the page's colour (the
    /// median of the image's outermost pixels): the beige and grey regions of a board dimmed
    /// by the hint mode on a dark page. `None` leaves grey cells out. Default Some(25).
    pub page_distance: Option<f32>,
    /// A side continues when at least this share of its outside cells (those inside the
    /// image) match... Default 0.5.
    pub min_share: f32,
    /// ...and at least this many do. Default 2.
    pub min_cells: usize,
    /// Queens regions are pastel in both themes: a lattice cell darker than this CIE
    /// lightness is page (a dark-mode page column taken in beside a board cut at the other
    /// side), and the lattice is not the board. Default 30.
    pub min_cell_lightness: f32,
    /// A region continues across a side when a cell beyond it is within `match_distance` of
    /// the lattice cell beside it and the line between them is nearer the board's thin lines
    /// than its thick ones: a board ends at its thick frame, never at a thin line inside a
    /// region. At least `min_cells` such cells on one side refuse the lattice, whatever the
    /// page's colour (a beige region dimmed by the hint mode, as light as the page). The test
    /// runs when the board's thick lines weigh at least this many times its thin ones.
    /// Default 1.5.
    pub min_thick_ratio: f32,
    /// The strip between the lattice and the image edge is tested for the board's colours
    /// (`strip_colours`) when at least this many pixels wide (narrower: the frame's width).
    /// Default 3.
    pub min_strip_px: f32,
    /// ... and a strip colour of at least this chroma counts as the board's too, whatever
    /// the lattice's palette: a board's surround (page, frame) is neutral, and a region that
    /// lies wholly in the cut row and column is in no cell of the lattice. 15 refused three
    /// real phone captures whose margin is tinted. Default 30.
    pub strip_min_chroma: f32,
    /// A cell beyond the lattice of at least this chroma counts as the board's, whatever the
    /// lattice's palette: a board's surround is neutral, and regions lying wholly in an outer
    /// ring of the board (two L-shaped regions around a 7x7 of thick-framed regions) are in no
    /// cell of the inner lattice, which was read as the board on a grey margin. Default 30.
    pub beyond_min_chroma: f32,
    /// The lattice's lines run on across the strip between a side and the image edge when at
    /// least this share of its interior lines (and two) do: a board cut through a row whose
    /// cells all belong to a region absent from the lattice (an L of one colour along two
    /// sides, cut at a corner) shows no colour of the palette there, but its thin lines
    /// between those cells continue the lattice's; a page margin has none. A corner crop
    /// leaving 65% of the cut row and column was read as the smaller board and answered
    /// wrong on 3 of 83 real captures before. `None` turns the test off. Default Some(0.5).
    pub lines_run_on: Option<f32>,
    /// ... a line counts at a point across the strip when the darkest pixel within
    /// [`Self::run_on_reach`] of the lattice line is this many luma levels darker than the
    /// strip a quarter cell to either side. Default 24.
    pub run_on_contrast: f32,
    /// ... or, when lower, this share of the contrast the board's own lines show by the same
    /// measure across the lattice's outer row or column on that side (the lower quartile of
    /// its lines' medians): a small capture smoothed against noise keeps its 1 px thin lines
    /// at 20-28 luma levels, under the fixed bound, and a board cut through an L-shaped region
    /// along two sides was read as the lattice inside it. `None` keeps the fixed bound.
    /// Default Some(0.5).
    pub run_on_relative: Option<f32>,
    /// ... but never under this many luma levels (a page margin under smoothed noise measures
    /// 0-6). Default 10.
    pub run_on_floor: f32,
    /// ... the reach in pixels around the lattice line's position. Default 2.
    pub run_on_reach: f32,
    /// ... and a line runs on when it counts at this share of the points across the strip.
    /// Default 0.7.
    pub run_on_share: f32,
    /// An outer row or column of the lattice is bare, not board, when at least three quarters
    /// of the lines between its neighbouring cells weigh under this fraction of the median line
    /// between two cells of the lattice: every cell of a Queens board is walled by a line,
    /// thin within a region; a card or panel over the board's last row (a white or page
    /// coloured block) reads as a row of one colour without any (the hint mode's hatching
    /// hides up to half of a row's thin lines from the scans). `None` turns the test off.
    /// Default Some(0.25).
    pub bare_outer_line: Option<f32>,
}

impl Default for ExtentOptions {
    fn default() -> Self {
        ExtentOptions {
            match_distance: 10.0,
            min_chroma: 8.0,
            page_distance: Some(25.0),
            min_share: 0.5,
            min_cells: 2,
            min_cell_lightness: 30.0,
            min_thick_ratio: 1.5,
            min_strip_px: 3.0,
            strip_min_chroma: 30.0,
            beyond_min_chroma: 30.0,
            lines_run_on: Some(0.5),
            run_on_contrast: 24.0,
            run_on_relative: Some(0.5),
            run_on_floor: 10.0,
            run_on_reach: 2.0,
            run_on_share: 0.7,
            bare_outer_line: Some(0.25),
        }
    }
}

/// The colours of the cells one pitch beyond each side of a grid (those whose centre is inside
/// the image), sampled once for [`check_extent`] and [`coloured_beyond`].
#[derive(Clone, Debug, Default)]
pub struct Beyond {
    sides: Vec<(Side, Vec<Lab>)>,
    /// Per side, each cell beyond and the lattice cell beside it.
    across: Vec<(Side, Vec<Across>)>,
}

/// A cell one pitch beyond a side, beside the lattice's outer cell.
#[derive(Clone, Copy, Debug)]
struct Across {
    /// The colour of the cell beyond.
    colour: Lab,
    /// The colour of the lattice cell beside it.
    beside: Lab,
    /// The weight of the line between them (pixels).
    weight: f32,
}

impl Beyond {
    /// Samples the four rows and columns just beyond `grid` (`samples`: the lattice's own
    /// cells, measured with `sample_opts`).
    pub fn sample(
        img: &RgbImage,
        grid: &Grid,
        samples: &Samples,
        sample_opts: &SampleOptions,
    ) -> Beyond {
        let mut sides = Vec::with_capacity(4);
        let mut across = Vec::with_capacity(4);
        for side in [Side::Left, Side::Right, Side::Top, Side::Bottom] {
            let beyond = grid.beyond(side);
            let cells: Vec<Across> = (0..grid.rows.max(grid.cols))
                .filter(|&k| match side {
                    Side::Left | Side::Right => k < grid.rows,
                    Side::Top | Side::Bottom => k < grid.cols,
                })
                .filter_map(|k| {
                    let (r, c) = match side {
                        Side::Left | Side::Right => (k, 0),
                        Side::Top | Side::Bottom => (0, k),
                    };
                    if !centre_inside(img, &beyond, r, c) {
                        return None;
                    }
                    let colour = sample_cell(img, &beyond, r, c, sample_opts).colour;
                    let (inside, weight) = match side {
                        Side::Left => ((k, 0), edge_weight(img, &beyond, k, 0, true, sample_opts)),
                        Side::Right => (
                            (k, grid.cols - 1),
                            edge_weight(img, grid, k, grid.cols - 1, true, sample_opts),
                        ),
                        Side::Top => ((0, k), edge_weight(img, &beyond, 0, k, false, sample_opts)),
                        Side::Bottom => (
                            (grid.rows - 1, k),
                            edge_weight(img, grid, grid.rows - 1, k, false, sample_opts),
                        ),
                    };
                    let beside = samples.cells[inside.0 * samples.n + inside.1].colour;
                    Some(Across {
                        colour,
                        beside,
                        weight,
                    })
                })
                .collect();
            sides.push((side, cells.iter().map(|c| c.colour).collect()));
            across.push((side, cells));
        }
        Beyond { sides, across }
    }
}

/// The first side along which coloured cells of the board's palette continue beyond the
/// lattice, as an error: [`ReadError::CutOff`] when the row or column beyond reaches the
/// image edge, else [`ReadError::NoBoard`]. The colours beyond when the lattice is the whole
/// board.
pub fn check_extent(
    img: &RgbImage,
    grid: &Grid,
    samples: &Samples,
    sample_opts: &SampleOptions,
    o: &ExtentOptions,
) -> Result<Beyond, ReadError> {
    if let Some(i) = samples
        .cells
        .iter()
        .position(|c| c.colour.l < o.min_cell_lightness)
    {
        return Err(ReadError::NoBoard(format!(
            "cell r{}c{} of the {}x{} grid found is page, not a coloured region",
            i / grid.cols + 1,
            i % grid.cols + 1,
            grid.rows,
            grid.cols
        )));
    }
    if let Some(side) = (grid.rows == samples.n && grid.cols == samples.n)
        .then(|| bare_outer_line(samples, o))
        .flatten()
    {
        return Err(ReadError::NoBoard(format!(
            "the {side} {} of the {}x{} grid found has no lines between its cells: not \
             board (something covers the board there?)",
            if matches!(side, Side::Top | Side::Bottom) {
                "row"
            } else {
                "column"
            },
            grid.rows,
            grid.cols
        )));
    }
    let palette: Vec<Lab> = samples
        .cells
        .iter()
        .map(|c| c.colour)
        .filter(|c| c.chroma() > o.min_chroma)
        .collect();
    let page = o
        .page_distance
        .and_then(|d| page_colour(img).map(|p| (p, d)));
    let around = Beyond::sample(img, grid, samples, sample_opts);
    let levels = line_levels(grid, samples, o);
    let like = |colour: Lab| {
        let matches = |p: &Lab| p.delta_e(colour) <= o.match_distance;
        let coloured = colour.chroma() > o.min_chroma && palette.iter().any(matches);
        let unlike_page = page.is_some_and(|(p, d)| p.delta_e(colour) >= d);
        coloured || (unlike_page && samples.cells.iter().any(|c| matches(&c.colour)))
    };
    for (side, colours) in &around.sides {
        let (side, beyond) = (*side, grid.beyond(*side));
        let continues =
            side_continues(colours, o, |c| like(c) || c.chroma() >= o.beyond_min_chroma)
                || side_continues(&strip_colours(img, grid, side, o), o, |c| {
                    like(c) || c.chroma() >= o.strip_min_chroma
                })
                || levels.is_some_and(|l| region_continues(&around, side, l, o))
                || lines_run_on(img, grid, side, o);
        if continues {
            return Err(if reaches_edge(img, &beyond, side) {
                ReadError::CutOff { side }
            } else {
                ReadError::NoBoard(format!(
                    "the board's coloured cells continue beyond the {side} side of the {}x{} \
                     grid found",
                    grid.rows, grid.cols
                ))
            });
        }
    }
    Ok(around)
}

/// The first outer row or column of the lattice whose lines between neighbouring cells are
/// mostly missing (see [`ExtentOptions::bare_outer_line`]).
fn bare_outer_line(s: &Samples, o: &ExtentOptions) -> Option<Side> {
    let frac = o.bare_outer_line?;
    let n = s.n;
    if n < 3 || s.right.len() != n * (n - 1) || s.down.len() != n * (n - 1) {
        return None;
    }
    let median = s.median_line_weight()?;
    if median <= 0.0 {
        return None;
    }
    let bare = |weights: &[f32]| {
        // A NaN weight (no scan) counts as low.
        let low = weights
            .iter()
            .filter(|&&w| w.is_nan() || w < frac * median)
            .count();
        4 * low >= 3 * weights.len()
    };
    let row = |r: usize| -> Vec<f32> { (0..n - 1).map(|c| s.right[r * (n - 1) + c]).collect() };
    let col = |c: usize| -> Vec<f32> { (0..n - 1).map(|r| s.down[r * n + c]).collect() };
    [
        (Side::Top, row(0)),
        (Side::Bottom, row(n - 1)),
        (Side::Left, col(0)),
        (Side::Right, col(n - 1)),
    ]
    .into_iter()
    .find(|(_, w)| bare(w))
    .map(|(side, _)| side)
}

/// The board's thin and thick lines: the median weight of the lines between two neighbouring
/// cells of one colour (within `match_distance`) and of those between two cells of clearly
/// different colours (over twice `match_distance` apart: region borders). `None` when either
/// kind is missing or the thick do not weigh [`ExtentOptions::min_thick_ratio`] times the thin.
fn line_levels(grid: &Grid, s: &Samples, o: &ExtentOptions) -> Option<(f32, f32)> {
    let n = s.n;
    if grid.rows != n || grid.cols != n || n < 2 {
        return None;
    }
    let (mut thin, mut thick) = (Vec::new(), Vec::new());
    let mut add = |a: usize, b: usize, w: f32| {
        let d = s.cells[a].colour.delta_e(s.cells[b].colour);
        if w.is_nan() {
        } else if d <= o.match_distance {
            thin.push(w);
        } else if d > 2.0 * o.match_distance {
            thick.push(w);
        }
    };
    for r in 0..n {
        for c in 0..n - 1 {
            add(r * n + c, r * n + c + 1, s.right[r * (n - 1) + c]);
            add(c * n + r, (c + 1) * n + r, s.down[c * n + r]);
        }
    }
    let median = |mut w: Vec<f32>| {
        let mid = w.len() / 2;
        (!w.is_empty()).then(|| *w.select_nth_unstable_by(mid, f32::total_cmp).1)
    };
    let (thin, thick) = (median(thin)?, median(thick)?);
    (thick >= o.min_thick_ratio * thin).then_some((thin, thick))
}

/// Whether at least [`ExtentOptions::min_cells`] cells beyond `side` continue the region of
/// the lattice cell beside them (within `match_distance`) across a line nearer the board's
/// thin lines than its thick ones (geometric mean of the two levels).
fn region_continues(around: &Beyond, side: Side, levels: (f32, f32), o: &ExtentOptions) -> bool {
    let Some((_, cells)) = around.across.iter().find(|(s, _)| *s == side) else {
        return false;
    };
    let (thin, thick) = levels;
    let continuing = cells
        .iter()
        .filter(|a| {
            a.colour.delta_e(a.beside) <= o.match_distance && a.weight * a.weight < thin * thick
        })
        .count();
    continuing >= o.min_cells
}

/// The median colour of the image's outermost pixels (every 4th along each edge): the page
/// around a board, when the image is more than the board. `None` for an image under 8 px a
/// side.
fn page_colour(img: &RgbImage) -> Option<Lab> {
    let (w, h) = img.dimensions();
    if w < 8 || h < 8 {
        return None;
    }
    let mut v: Vec<Lab> = Vec::new();
    for x in (0..w).step_by(4) {
        v.push(Lab::from_rgb(img.get_pixel(x, 0).0));
        v.push(Lab::from_rgb(img.get_pixel(x, h - 1).0));
    }
    for y in (0..h).step_by(4) {
        v.push(Lab::from_rgb(img.get_pixel(0, y).0));
        v.push(Lab::from_rgb(img.get_pixel(w - 1, y).0));
    }
    Lab::median(&mut v)
}

/// Whether, along some side, the cells one pitch beyond the grid are coloured (whatever their
/// colour): the page around a board is white, grey or black, so a coloured row beyond may be
/// more of the board under a veil (hint mode) that the palette test cannot match.
pub fn coloured_beyond(around: &Beyond, o: &ExtentOptions) -> bool {
    around
        .sides
        .iter()
        .any(|(_, colours)| side_continues(colours, o, |colour| colour.chroma() > o.min_chroma))
}

/// Whether at least [`ExtentOptions::min_cells`] and [`ExtentOptions::min_share`] of the
/// colours beyond one side satisfy `like`.
fn side_continues(colours: &[Lab], o: &ExtentOptions, like: impl Fn(Lab) -> bool) -> bool {
    let matching = colours.iter().filter(|&&c| like(c)).count();
    matching >= o.min_cells && matching as f32 >= o.min_share * colours.len() as f32
}

/// The colours in the middle of the strip between the grid and the image edge on `side`, one
/// per row (or column) off its centre line, when the strip is too narrow for the cells beyond
/// to be sampled (their central half runs out of the image) and at least
/// [`ExtentOptions::min_strip_px`] wide: a board cut through a row the locator did not see as
/// cells (a corner crop cuts two sides, and the lattice left is square) shows its colours
/// there. Empty otherwise.
fn strip_colours(img: &RgbImage, g: &Grid, side: Side, o: &ExtentOptions) -> Vec<Lab> {
    let (w, h) = (img.width() as f32, img.height() as f32);
    let (gap, pitch) = match side {
        Side::Left => (g.left, g.cell_w),
        Side::Right => (w - (g.left + g.width()), g.cell_w),
        Side::Top => (g.top, g.cell_h),
        Side::Bottom => (h - (g.top + g.height()), g.cell_h),
    };
    if gap < o.min_strip_px || gap >= 0.75 * pitch {
        return Vec::new();
    }
    let mid = gap / 2.0;
    let at = |k: usize, across: bool| {
        if across {
            g.left + (k as f32 + 0.3) * g.cell_w
        } else {
            g.top + (k as f32 + 0.3) * g.cell_h
        }
    };
    let points: Vec<(f32, f32)> = match side {
        Side::Left => (0..g.rows).map(|r| (mid, at(r, false))).collect(),
        Side::Right => (0..g.rows).map(|r| (w - mid, at(r, false))).collect(),
        Side::Top => (0..g.cols).map(|c| (at(c, true), mid)).collect(),
        Side::Bottom => (0..g.cols).map(|c| (at(c, true), h - mid)).collect(),
    };
    points
        .into_iter()
        .filter(|&(x, y)| x >= 0.0 && y >= 0.0 && x < w && y < h)
        .map(|(x, y)| Lab::from_rgb(img.get_pixel(x as u32, y as u32).0))
        .collect()
}

/// Whether the lattice's interior lines run on across the strip between `side` and the image
/// edge (at most a cell deep, leaving out the border's own width): see
/// [`ExtentOptions::lines_run_on`].
fn lines_run_on(img: &RgbImage, g: &Grid, side: Side, o: &ExtentOptions) -> bool {
    let Some(need) = o.lines_run_on else {
        return false;
    };
    let (w, h) = (img.width() as f32, img.height() as f32);
    let vertical_side = matches!(side, Side::Left | Side::Right);
    // Depth runs from the border outwards; `along` is the lattice line's position.
    let (border, limit, pitch_depth, pitch_along, n) = match side {
        Side::Left => (g.left, 0.0, g.cell_w, g.cell_h, g.rows),
        Side::Right => (g.left + g.width(), w - 1.0, g.cell_w, g.cell_h, g.rows),
        Side::Top => (g.top, 0.0, g.cell_h, g.cell_w, g.cols),
        Side::Bottom => (g.top + g.height(), h - 1.0, g.cell_h, g.cell_w, g.cols),
    };
    let outward = if matches!(side, Side::Left | Side::Top) {
        -1.0
    } else {
        1.0
    };
    let start = border + outward * 0.15 * pitch_depth;
    let end = if outward < 0.0 {
        limit.max(border - pitch_depth)
    } else {
        limit.min(border + pitch_depth)
    };
    let depths: Vec<f32> = {
        let (a, b) = (start.min(end), start.max(end));
        if b - a < 2.0 {
            return false;
        }
        let steps = ((b - a) / 2.0).ceil().max(2.0) as usize;
        (0..=steps)
            .map(|i| a + (b - a) * i as f32 / steps as f32)
            .collect()
    };
    let origin = if vertical_side { g.top } else { g.left };
    let lim_along = if vertical_side { h } else { w };
    let luma_at = |depth: f32, along: f32| -> Option<f32> {
        let (x, y) = if vertical_side {
            (depth, along)
        } else {
            (along, depth)
        };
        (x >= 0.0 && y >= 0.0 && x < w && y < h).then(|| {
            let p = img.get_pixel(x as u32, y as u32).0;
            crate::vision::pixel::luma([f32::from(p[0]), f32::from(p[1]), f32::from(p[2])])
        })
    };
    let reach = o.run_on_reach.round() as i32;
    // How much darker the lattice line `k` is at `depth` than a quarter cell to either side.
    let contrast = |depth: f32, k: usize| -> Option<f32> {
        let at = origin + k as f32 * pitch_along;
        if at - 0.25 * pitch_along < 0.0 || at + 0.25 * pitch_along >= lim_along {
            return None;
        }
        let line = (-reach..=reach)
            .filter_map(|e| luma_at(depth, at + e as f32))
            .fold(f32::MAX, f32::min);
        let a = luma_at(depth, at - 0.25 * pitch_along)?;
        let b = luma_at(depth, at + 0.25 * pitch_along)?;
        Some(a.min(b) - line)
    };
    let bound = o
        .run_on_relative
        .and_then(|share| {
            // The same measure across the lattice's outer row or column on this side.
            let inner: Vec<f32> = (0..=8)
                .map(|i| border - outward * (0.15 + 0.7 * i as f32 / 8.0) * pitch_depth)
                .collect();
            let mut medians: Vec<f32> = (1..n)
                .filter_map(|k| {
                    let mut v: Vec<f32> = inner.iter().filter_map(|&d| contrast(d, k)).collect();
                    (v.len() >= inner.len() / 2).then(|| {
                        let mid = v.len() / 2;
                        *v.select_nth_unstable_by(mid, f32::total_cmp).1
                    })
                })
                .collect();
            (medians.len() >= 2).then(|| {
                let q = medians.len() / 4;
                share * *medians.select_nth_unstable_by(q, f32::total_cmp).1
            })
        })
        .map_or(o.run_on_contrast, |b| {
            b.clamp(o.run_on_floor.min(o.run_on_contrast), o.run_on_contrast)
        });
    let runs_on = |k: usize| {
        let counted = depths
            .iter()
            .filter(|&&d| contrast(d, k).is_some_and(|c| c >= bound))
            .count();
        counted as f32 >= o.run_on_share * depths.len() as f32
    };
    let running = (1..n).filter(|&k| runs_on(k)).count();
    running >= 2 && running as f32 >= need * (n - 1) as f32
}

/// Whether the cell's central half lies inside the image.
fn centre_inside(img: &RgbImage, g: &Grid, r: usize, c: usize) -> bool {
    let (cx, cy) = g.center(crate::puzzle::Pos::new(r, c));
    let (hw, hh) = (g.cell_w / 4.0, g.cell_h / 4.0);
    cx - hw >= 0.0
        && cy - hh >= 0.0
        && cx + hw <= img.width() as f32
        && cy + hh <= img.height() as f32
}

/// Whether the outer border of the row or column `g` (on `side`) lies at or beyond the image
/// edge (within a quarter cell).
fn reaches_edge(img: &RgbImage, g: &Grid, side: Side) -> bool {
    match side {
        Side::Left => g.left <= g.cell_w / 4.0,
        Side::Top => g.top <= g.cell_h / 4.0,
        Side::Right => g.left + g.width() >= img.width() as f32 - g.cell_w / 4.0,
        Side::Bottom => g.top + g.height() >= img.height() as f32 - g.cell_h / 4.0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::locate::tests::{PALETTE, draw_board, sample_labels};
    use super::super::sample::sample;
    use super::*;

    fn grid(n: usize, pitch: f32, margin: f32) -> Grid {
        Grid {
            rows: n,
            cols: n,
            left: margin,
            top: margin,
            cell_w: pitch,
            cell_h: pitch,
        }
    }

    fn extent(img: &RgbImage, g: &Grid) -> Result<(), ReadError> {
        let so = SampleOptions::default();
        let s = sample(img, g, &so);
        check_extent(img, g, &s, &so, &ExtentOptions::default()).map(|_| ())
    }

    #[test]
    fn a_whole_board_on_a_page_passes() {
        let img = draw_board(&sample_labels(), 7, 50, 30, [250, 250, 250], &PALETTE);
        assert!(extent(&img, &grid(7, 50.0, 30.0)).is_ok());
        let dark = draw_board(&sample_labels(), 7, 50, 30, [27, 31, 35], &PALETTE);
        assert!(extent(&dark, &grid(7, 50.0, 30.0)).is_ok());
        // A tight crop: nothing beyond the board.
        let tight = draw_board(&sample_labels(), 7, 50, 0, [250, 250, 250], &PALETTE);
        assert!(extent(&tight, &grid(7, 50.0, 0.0)).is_ok());
    }

    #[test]
    fn a_part_of_a_board_is_refused() {
        let img = draw_board(&sample_labels(), 7, 50, 30, [250, 250, 250], &PALETTE);
        // The lower-right 6x6 of the board: its top row and left column continue.
        let part = grid(6, 50.0, 80.0);
        assert!(matches!(extent(&img, &part), Err(ReadError::NoBoard(_))));
        // A tight crop read without its first row: cut off at the top edge.
        let tight = draw_board(&sample_labels(), 7, 50, 0, [250, 250, 250], &PALETTE);
        let lower = Grid {
            rows: 6,
            top: 50.0,
            ..grid(7, 50.0, 0.0)
        };
        assert!(matches!(
            extent(&tight, &lower),
            Err(ReadError::CutOff { side: Side::Top })
        ));
    }

    /// The 7x7 test board with region A (the top row and the left column) grey, on a page of
    /// nearly its colour.
    fn grey_l_on_page(pitch: u32, margin: u32) -> RgbImage {
        let mut palette = PALETTE;
        palette[0] = [0xDF, 0xDF, 0xDF];
        draw_board(
            &sample_labels(),
            7,
            pitch,
            margin,
            [0xE2, 0xE2, 0xE2],
            &palette,
        )
    }

    /// The extent options with the thin-line test of regions continuing off: lines and
    /// colours only.
    fn lines_only() -> ExtentOptions {
        ExtentOptions {
            min_thick_ratio: f32::INFINITY,
            ..ExtentOptions::default()
        }
    }

    #[test]
    fn a_region_coloured_like_the_page_continues_across_a_thin_line() {
        // Region A (the top row and the left column) grey, on a page of nearly its colour:
        // the cells beyond the lower-right 6x6 are neither coloured nor unlike the page, but
        // they continue A across thin lines, where a board ends at its thick frame.
        let img = grey_l_on_page(50, 30);
        assert!(extent(&img, &grid(7, 50.0, 30.0)).is_ok());
        assert!(matches!(
            extent(&img, &grid(6, 50.0, 80.0)),
            Err(ReadError::NoBoard(_))
        ));
        // The colour tests alone let that part pass; the thin lines running on across the
        // cells beyond refuse it too.
        let so = SampleOptions::default();
        let part = grid(6, 50.0, 80.0);
        let lines_only = lines_only();
        let off = ExtentOptions {
            lines_run_on: None,
            ..lines_only.clone()
        };
        assert!(check_extent(&img, &part, &sample(&img, &part, &so), &so, &off).is_ok());
        assert!(check_extent(&img, &part, &sample(&img, &part, &so), &so, &lines_only).is_err());
    }

    #[test]
    fn faint_thin_lines_run_on_by_the_boards_own_measure() {
        // The page-coloured region A of the test above on a small board, blurred like a
        // capture down-scaled and smoothed against noise: its 1 px thin lines run on across
        // the cells beyond the lower-right 6x6 at about 20 luma levels, under the fixed bound.
        let img = imageproc::filter::gaussian_blur_f32(&grey_l_on_page(24, 14), 3.2);
        let so = SampleOptions::default();
        let part = grid(6, 24.0, 38.0);
        let relative = lines_only();
        let fixed = ExtentOptions {
            run_on_relative: None,
            ..relative.clone()
        };
        let s = sample(&img, &part, &so);
        assert!(check_extent(&img, &part, &s, &so, &fixed).is_ok());
        assert!(check_extent(&img, &part, &s, &so, &relative).is_err());
        // The whole board still passes: nothing runs on across its page margin.
        let whole = grid(7, 24.0, 14.0);
        let s = sample(&img, &whole, &so);
        assert!(check_extent(&img, &whole, &s, &so, &relative).is_ok());
    }

    #[test]
    fn documented_defaults_match() {
        crate::vision::check_documented_defaults(
            include_str!("extent.rs"),
            "ExtentOptions",
            &format!("{:?}", ExtentOptions::default()),
        );
    }
}
