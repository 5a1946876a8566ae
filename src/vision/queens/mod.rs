//! Reading a Queens board. Stages, each a module with its own options:
//! [`locate`] (board, pitch, N) -> [`sample`] (cell colours, centre glyphs, border weights) ->
//! [`regions`] (exactly N connected regions, [`veil`] re-reading cells under a band of
//! light) and [`pieces`] (crowns and x marks) ->
//! [`crate::board::Reading`]. [`check`] decides whether what was found is a Queens board at all,
//! [`extent`] whether it is the whole board (not a part of one cut by the image edge);
//! [`debug`] draws what the stages saw.

pub mod check;
pub mod color;
pub mod debug;
pub mod extent;
pub mod locate;
mod mask;
pub mod pieces;
pub mod pointer;
pub mod regions;
pub mod sample;
pub mod veil;

use super::ReadError;
use crate::board::{Doubt, Grid, Reading, Side, Theme};
use crate::puzzle::{Pos, Puzzle, Queens};
use image::RgbImage;
use std::time::{Duration, Instant};

/// All tunables of the Queens reader, one struct per stage.
#[derive(Clone, Debug, Default)]
pub struct QueensReadOptions {
    /// Board locator.
    pub locate: locate::QueensLocateOptions,
    /// Cell and edge measurements.
    pub sample: sample::SampleOptions,
    /// Region grouping.
    pub regions: regions::RegionOptions,
    /// Cells under a band of light or shade.
    pub veil: veil::VeilOptions,
    /// Crowns and x marks.
    pub pieces: pieces::PieceOptions,
    /// Is it a Queens board at all.
    pub check: check::CheckOptions,
    /// Is it the whole board.
    pub extent: extent::ExtentOptions,
    /// A mouse pointer over the board.
    pub pointer: pointer::PointerOptions,
}

/// A Queens board candidate: where it is and how Queens-like it looks.
#[derive(Clone, Debug)]
pub struct QueensCandidate {
    /// The grid.
    pub grid: Grid,
    /// Plausibility in 0..=1 (see [`check::CheckOptions`]); boards under
    /// [`check::CheckOptions::min_score`] are refused by [`read_queens`].
    pub score: f32,
}

/// Looks for a Queens board and scores it, without reading the regions: for deciding the
/// game. `None` when no board-like lattice of coloured cells is seen.
pub fn queens_candidate(img: &RgbImage, opts: &QueensReadOptions) -> Option<QueensCandidate> {
    let located = locate::locate(img, &opts.locate)?;
    let samples = sample::sample(img, &located.grid, &opts.sample);
    let verdict = check::check(img, &located, &samples, &opts.check);
    Some(QueensCandidate {
        grid: located.grid,
        score: verdict.score,
    })
}

/// The page theme: the median luma of points just outside the board (inside the image).
fn theme(img: &RgbImage, g: &Grid, o: &check::CheckOptions) -> Theme {
    let mut v: Vec<u8> = Vec::new();
    let pad = o.theme_pad;
    let steps = o.theme_steps.max(1);
    for k in 0..=steps {
        let f = k as f32 / steps as f32;
        let xs = g.left + f * g.width();
        let ys = g.top + f * g.height();
        for (x, y) in [
            (xs, g.top - pad * g.cell_h),
            (xs, g.top + g.height() + pad * g.cell_h),
            (g.left - pad * g.cell_w, ys),
            (g.left + g.width() + pad * g.cell_w, ys),
        ] {
            if x >= 0.0 && y >= 0.0 && (x as u32) < img.width() && (y as u32) < img.height() {
                v.push(color::luma(img.get_pixel(x as u32, y as u32).0));
            }
        }
    }
    if v.len() < o.theme_min_points {
        return Theme::Light;
    }
    let mid = v.len() / 2;
    if *v.select_nth_unstable(mid).1 < o.dark_page_luma {
        Theme::Dark
    } else {
        Theme::Light
    }
}

/// What each stage produced, with timings, for debug pictures and performance reports.
#[derive(Clone, Debug, Default)]
pub struct QueensTrace {
    /// The located board, when one was found.
    pub located: Option<locate::QueensLattice>,
    /// Cell and edge measurements.
    pub samples: Option<sample::Samples>,
    /// The measurements the region stage grouped: `samples` with cells under a band of light
    /// re-read ([`veil::unveil`]) and the lines under a pointer hidden (NaN weights). For the
    /// learned same-region view ([`crate::models::queens_pair_probs`]).
    pub grouped: Option<sample::Samples>,
    /// The board check.
    pub verdict: Option<check::BoardVerdict>,
    /// The region map.
    pub regions: Option<regions::Regions>,
    /// Wall time of each stage, in order.
    pub timings: Vec<(&'static str, Duration)>,
}

/// Reads a Queens board: the region map, the crowns and x marks a player placed, and a
/// confidence per cell (cells under [`check::CheckOptions::doubt_below`] are listed in
/// `doubts`, weakest first).
pub fn read_queens(img: &RgbImage, opts: &QueensReadOptions) -> Result<Reading, ReadError> {
    read_queens_traced(img, opts).0
}

/// [`read_queens`], also returning what each stage produced (see [`debug::render`]).
pub fn read_queens_traced(
    img: &RgbImage,
    opts: &QueensReadOptions,
) -> (Result<Reading, ReadError>, QueensTrace) {
    let mut trace = QueensTrace::default();
    let result = read_into(img, opts, &mut trace);
    (result, trace)
}

/// A located board, measured, checked and whole.
struct Found {
    grid: Grid,
    samples: sample::Samples,
    verdict: check::BoardVerdict,
    /// The colours just beyond each side (for the second attempt's gate).
    beyond: extent::Beyond,
    /// The image edge that cuts the board's outer row or column (read from its visible part).
    cut: Option<Side>,
}

/// Locates the board with `lo`, measures it, checks it is a Queens board and the whole of
/// one; records each stage in `trace`. A failure also gives the larger side of the cell
/// lattice seen, when one was.
fn find_board(
    img: &RgbImage,
    opts: &QueensReadOptions,
    lo: &locate::QueensLocateOptions,
    trace: &mut QueensTrace,
) -> Result<Found, (ReadError, Option<usize>)> {
    let mut clock = Instant::now();
    let mut lap = |trace: &mut QueensTrace, name: &'static str| {
        let now = Instant::now();
        trace.timings.push((name, now - clock));
        clock = now;
    };
    let located = locate::locate_spanned(img, lo);
    lap(trace, "locate");
    let located = located.map_err(|e| match e.cut {
        Some(side) => (ReadError::CutOff { side }, e.span),
        None => (ReadError::NoBoard(e.reason), e.span),
    })?;
    trace.located = Some(located.clone());
    let (grid, cut) = (located.grid, located.cut);
    let samples = sample::sample(img, &grid, &opts.sample);
    lap(trace, "sample");
    let verdict = check::check(img, &located, &samples, &opts.check);
    lap(trace, "check");
    trace.samples = Some(samples.clone());
    trace.verdict = Some(verdict.clone());
    let side = Some(grid.rows);
    if verdict.score < opts.check.min_score {
        let reason = format!(
            "a {n}x{n} grid was found but it does not look like a Queens board: {}",
            verdict.reason,
            n = grid.rows
        );
        return Err((ReadError::NoBoard(reason), side));
    }
    let beyond = extent::check_extent(img, &grid, &samples, &opts.sample, &opts.extent)
        .map_err(|e| (e, side))?;
    lap(trace, "extent");
    Ok(Found {
        grid,
        samples,
        verdict,
        beyond,
        cut,
    })
}

/// [`find_board`], and a second attempt with the line mask kept to straight runs, with
/// shoulders, and without rows or columns added unseen
/// ([`locate::QueensLocateOptions::retry_axis_run`]: a veil or hatching over the board).
///
/// The second attempt runs when the first found no board, or found one with coloured cells
/// beyond a side ([`extent::coloured_beyond`]). A veil or hatching hides cells, it never adds
/// them: the second board is taken when the
/// first attempt found none and the second is not smaller than the lattice the first saw (a
/// board cut by the image edge read without its cut row is not taken), or when it is larger
/// than the first board and covers it (the first was a part of the board).
fn find_board_or_retry(
    img: &RgbImage,
    opts: &QueensReadOptions,
    trace: &mut QueensTrace,
) -> Result<Found, ReadError> {
    let first = find_board(img, opts, &opts.locate, trace);
    // A whole board with page all round needs no second look (most captures: the retry
    // costs as much as the first attempt).
    let whole = first
        .as_ref()
        .is_ok_and(|f| !extent::coloured_beyond(&f.beyond, &opts.extent));
    if opts.locate.retry_axis_run == 0 || whole {
        return first.map_err(|(e, _)| e);
    }
    let retry = locate::QueensLocateOptions {
        axis_run: opts.locate.retry_axis_run,
        shoulder_contrast: opts.locate.ridge_contrast,
        max_extend: 0,
        ..opts.locate.clone()
    };
    let mut second = QueensTrace::default();
    let again = find_board(img, opts, &retry, &mut second);
    let take = match (&first, &again) {
        (Err((_, side)), Ok(b)) => side.is_none_or(|s| b.grid.rows >= s),
        (Ok(a), Ok(b)) => b.grid.rows > a.grid.rows && covers(&b.grid, &a.grid),
        _ => false,
    };
    match (first, again) {
        (_, Ok(found)) if take => {
            trace.located = second.located;
            trace.samples = second.samples;
            trace.verdict = second.verdict;
            trace.timings.extend(second.timings);
            Ok(found)
        }
        (first, _) => first.map_err(|(e, _)| e),
    }
}

/// The image edge the grid runs out of by more than a tenth of a pitch, if one.
fn runs_out(img: &RgbImage, g: &Grid) -> Option<Side> {
    let (w, h) = (img.width() as f32, img.height() as f32);
    [
        (-g.left, g.cell_w, Side::Left),
        (g.left + g.width() - w, g.cell_w, Side::Right),
        (-g.top, g.cell_h, Side::Top),
        (g.top + g.height() - h, g.cell_h, Side::Bottom),
    ]
    .into_iter()
    .filter(|&(out, pitch, _)| out > 0.1 * pitch)
    .max_by(|a, b| (a.0 / a.1).total_cmp(&(b.0 / b.1)))
    .map(|(_, _, side)| side)
}

/// Whether grid `a` covers grid `b` (each side within half a cell).
fn covers(a: &Grid, b: &Grid) -> bool {
    let tol = a.cell_w.min(a.cell_h) / 2.0;
    a.left <= b.left + tol
        && a.top <= b.top + tol
        && a.left + a.width() >= b.left + b.width() - tol
        && a.top + a.height() >= b.top + b.height() - tol
}

fn read_into(
    img: &RgbImage,
    opts: &QueensReadOptions,
    trace: &mut QueensTrace,
) -> Result<Reading, ReadError> {
    let Found {
        grid,
        samples,
        verdict,
        cut,
        ..
    } = find_board_or_retry(img, opts, trace)?;
    let mut clock = Instant::now();
    let mut lap = |trace: &mut QueensTrace, name: &'static str| {
        let now = Instant::now();
        trace.timings.push((name, now - clock));
        clock = now;
    };
    // A mouse pointer's cells: its outline streaks them, its body reads as a piece, and its
    // black over their lines reads as region borders (their weights are left out).
    let under = pointer::pointer_cells(img, &grid, &opts.pointer);
    let mut unveiled = veil::unveil(&samples, &opts.veil);
    pointer::hide_lines(&mut unveiled, &under);
    let regions = regions::regions(&unveiled, &opts.regions);
    let regions = veil::correct(&unveiled, regions, &opts.veil);
    trace.grouped = Some(unveiled.clone());
    // Rule-break stripes lie over the cells in conflict, a few lines or a region; the hint
    // mode's hatching over every region but one is not them.
    let streaks = samples
        .cells
        .iter()
        .enumerate()
        .filter(|&(i, c)| {
            (c.spread >= opts.regions.streaked_min_spread
                || c.reddened >= opts.regions.streaked_min_reddened)
                && !under.contains(&Pos::new(i / grid.cols, i % grid.cols))
        })
        .count();
    let streaked = streaks > 0
        && (streaks as f32) <= opts.regions.stripes_max_share * samples.cells.len() as f32;
    let hatched = (streaks as f32) > opts.regions.stripes_max_share * samples.cells.len() as f32;
    let red_stripes = streaked
        && samples.cells.iter().enumerate().any(|(i, c)| {
            c.reddened >= opts.regions.streaked_min_reddened
                && !under.contains(&Pos::new(i / grid.cols, i % grid.cols))
        });
    // A cut line the locator saw as cells of their own (most of it in view) runs out of the
    // image too.
    let cut = cut.or_else(|| runs_out(img, &grid));
    let mut placed = pieces::pieces(&samples, &opts.pieces);
    placed.retain(|p| !under.contains(&p.pos()));
    let odd_crowns = pieces::odd_crowns(&samples, &placed, &opts.pieces);
    if under.is_empty() && !red_stripes {
        // LinkedIn stripes every clash of crowns: one seen without stripes is something else
        // read as a crown, a pointer whose outline the first look missed being the likeliest.
        let clashing = clashing_crowns(&placed);
        if !clashing.is_empty() {
            for &bright_min in &opts.pointer.clash_bright_levels {
                let mut again = opts.clone();
                again.pointer.find.bright_min = bright_min;
                again.pointer.clash_bright_levels.clear();
                let loose = pointer::pointer_cells(img, &grid, &again.pointer);
                if clashing.iter().any(|p| loose.contains(p)) {
                    *trace = QueensTrace::default();
                    return read_into(img, &again, trace);
                }
            }
        }
    }
    // A clash still without stripes: the stripes are there but not seen (translucent stripes
    // whose period the ring's samples all fall in step with: spread 0, stripes-over 5500697).
    // The lines LinkedIn stripes for the clash are taken as striped. Only with at most twice
    // as many crowns as rows read: more are the hint mode's dark hatching read as crowns (its
    // lines too can fall in step with the ring's samples), not a player's board.
    let crowns = crown_cells(&placed).count();
    let unseen = if opts.regions.clash_implies_stripes
        && under.is_empty()
        && !red_stripes
        && crowns <= 2 * grid.rows
    {
        clash_lines(&placed, cut, grid.rows)
    } else {
        Vec::new()
    };
    let stripes_unseen = !unseen.is_empty();
    let (streaked, red_stripes) = if unseen.is_empty() {
        (streaked, red_stripes)
    } else {
        (true, true)
    };
    // With red stripes seen, every streaked cell: its colour is the stripes' as much as its
    // region's.
    let striped: Vec<Pos> = if !unseen.is_empty() {
        unseen
    } else if red_stripes {
        samples
            .cells
            .iter()
            .enumerate()
            .filter(|&(i, c)| {
                let p = Pos::new(i / grid.cols, i % grid.cols);
                (c.spread >= opts.regions.streaked_min_spread
                    || c.reddened >= opts.regions.streaked_min_reddened)
                    && !under.contains(&p)
            })
            .map(|(i, _)| Pos::new(i / grid.cols, i % grid.cols))
            .collect()
    } else {
        Vec::new()
    };
    let clashed = clash_lines(&placed, cut, grid.rows);
    let mut striped = fill_striped_lines(
        striped,
        grid.rows,
        opts.regions.striped_line_share,
        (&clashed, opts.regions.striped_clash_line_min),
    );
    striped.retain(|p| !under.contains(p));
    lap(trace, "regions");
    let n = grid.rows;
    let queens = Queens::new(n, &regions.labels)
        .map_err(|e| ReadError::NoBoard(format!("region map rejected: {e}")))?;
    let mut regions = regions;
    if streaked {
        doubt_striped_singletons(
            &samples,
            &queens,
            &striped,
            &mut regions.confidence,
            &opts.regions,
        );
    }
    for p in striped_singleton_twins(&unveiled, &queens, &striped, &under, &opts.regions) {
        regions.confidence[p.index(n)] = 0.0;
    }
    let striped_walled = walled_cells(&samples, &queens, &striped, &opts.regions);
    // Streaked cells (an object's outline, the shimmer's edge, the hint mode's hatching),
    // whether or not they count as stripes.
    let streaks: Vec<Pos> = samples
        .cells
        .iter()
        .enumerate()
        .filter(|&(_, c)| {
            c.spread >= opts.regions.streaked_min_spread
                || c.reddened >= opts.regions.streaked_min_reddened
        })
        .map(|(i, _)| Pos::new(i / grid.cols, i % grid.cols))
        .collect();
    if !red_stripes
        && let Some(most) = opts.regions.streaked_region_doubted
        && streaks.len() <= most
    {
        let covered: Vec<Pos> = streaks
            .iter()
            .copied()
            .filter(|p| samples.cells[p.index(n)].spread >= opts.regions.streaked_region_spread)
            .collect();
        for p in streaked_regions(&queens, &covered) {
            regions.confidence[p.index(n)] = 0.0;
        }
    }
    let mut misread_regions = if red_stripes {
        mixed_regions(&unveiled, &queens, &striped, &under, &opts.regions)
    } else if let Some(apart) = opts.regions.two_colours_anywhere
        && (!streaked
            || opts.regions.two_colours_streaked.is_some_and(|most| {
                // Shaded cells: none, or only the object's own (a dark tooltip shades the
                // cells it covers): at most `most`, each streaked or touching one.
                let shaded: Vec<Pos> = samples
                    .cells
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.shading >= opts.veil.min_shading)
                    .map(|(i, _)| Pos::new(i / grid.cols, i % grid.cols))
                    .collect();
                let touches = |p: &Pos| {
                    streaks
                        .iter()
                        .any(|s| s.row.abs_diff(p.row) <= 1 && s.col.abs_diff(p.col) <= 1)
                };
                // An object's shade (every shaded cell darkened, none lit by a band of
                // light) may streak and shade more cells.
                let darkened = !shaded.is_empty()
                    && shaded
                        .iter()
                        .all(|p| samples.cells[p.index(n)].darkened >= opts.regions.darkened_min);
                let most = match opts.regions.two_colours_darkened {
                    Some(dark) if darkened => most.max(dark),
                    _ => most,
                };
                streaks.len() <= most
                    && (shaded.is_empty()
                        || (opts.regions.two_colours_shaded_by_object
                            && shaded.len() <= most
                            && shaded.iter().all(touches)))
            }))
    {
        two_colour_regions(&unveiled, &queens, &streaks, &under, apart, &opts.regions)
    } else {
        Vec::new()
    };
    if let (Some(share), Some(levels)) = (opts.regions.thick_inside, regions.border_levels) {
        let limits = [share, opts.regions.thick_inside_delta];
        // ... nor lines LinkedIn stripes for crowns that clash (seen or not).
        let marked: Vec<Pos> = striped
            .iter()
            .chain(&streaks)
            .chain(&clashed)
            .copied()
            .collect();
        misread_regions.extend(thick_inside(
            &unveiled, &queens, levels, limits, &marked, &under,
        ));
    }
    if hatched && let Some(apart) = opts.regions.hatched_mixed_apart {
        let min = opts.regions.hatched_mixed_min;
        misread_regions.extend(hatched_mixed_regions(
            &samples,
            &queens,
            &under,
            apart,
            min,
            &opts.regions,
        ));
    }
    misread_regions.extend(twin_regions(
        &unveiled,
        &queens,
        &striped,
        &under,
        &opts.regions,
    ));
    // Each rule lists whole regions; one region may be found by several.
    misread_regions.sort_by_key(|p| (p.row, p.col));
    misread_regions.dedup();
    if let (Some(share), Some((thin, _))) = (opts.regions.unseen_line_share, regions.border_levels)
    {
        for p in unseen_line_cells(&samples, share * thin) {
            if opts.regions.unseen_line_under_pointer || !under.contains(&p) {
                regions.confidence[p.index(n)] = 0.0;
            }
        }
    }
    if let Some(least) = opts.sample.in_capture_min {
        for r in 0..n {
            for c in 0..n {
                let p = Pos::new(r, c);
                if sample::ring_in_capture(img, &grid, p, &opts.sample) < least {
                    regions.confidence[p.index(n)] = 0.0;
                }
            }
        }
    }
    if let Some(delta) = opts.regions.odd_cell_delta {
        let hidden: Vec<Pos> = striped.iter().chain(&streaks).copied().collect();
        for p in odd_cells(&unveiled, &queens, &hidden, &under, delta, &opts.regions) {
            regions.confidence[p.index(n)] = 0.0;
        }
    }
    doubt_singletons_beside_doubts(
        &unveiled,
        &queens,
        &mut regions.confidence,
        opts.check.doubt_below,
    );
    if opts.regions.doubt_pointed_singletons {
        for cells in queens.region_cells() {
            if let [p] = cells[..]
                && under.contains(&p)
                && pointed_colour(&unveiled, &queens, p, &under, &opts.regions)
            {
                // Its neighbours too: a region of one cell beside a doubted cell withholds
                // the answer (`answer`), whichever of them the pointer hid.
                regions.confidence[p.index(n)] = 0.0;
                for j in crate::puzzle::side_neighbours(p.index(n), n) {
                    regions.confidence[j] = 0.0;
                }
            }
        }
    }
    lap(trace, "pieces");
    let mut doubts: Vec<Doubt> = regions
        .confidence
        .iter()
        .enumerate()
        .filter(|(_, c)| **c < opts.check.doubt_below)
        .map(|(i, &c)| Doubt::Cell {
            pos: Pos::new(i / n, i % n),
            confidence: c,
            given_only: false,
        })
        .collect();
    doubts.sort_by(|a, b| match (a, b) {
        (Doubt::Cell { confidence: x, .. }, Doubt::Cell { confidence: y, .. }) => x.total_cmp(y),
        _ => std::cmp::Ordering::Equal,
    });
    let min_confidence = regions
        .confidence
        .iter()
        .copied()
        .fold(1.0f32, f32::min)
        .min(verdict.score);
    let theme = theme(img, &grid, &opts.check);
    let probabilities = probabilities(&samples, &unveiled, &regions, &placed, theme);
    trace.regions = Some(regions);
    Ok(Reading {
        puzzle: Puzzle::Queens(queens),
        grid,
        theme,
        placed,
        doubts,
        weak: Vec::new(),
        min_confidence,
        occluded: Vec::new(),
        straightened: None,
        icons: None,
        pieces_as_givens: false,
        no_given_shading: false,
        pieces_sorted: false,
        small_glyphs: false,
        overlay_seen: streaked,
        red_stripes,
        stripes_unseen,
        odd_crowns,
        striped,
        striped_walled,
        misread_regions,
        cut,
        probabilities: Some(probabilities),
    })
}

/// The learned models' view of a read board ([`crate::board::ClassProbabilities`]): the
/// player's marks per cell (`samples`, the marks read in `placed`) and one region or two per
/// pair of neighbours (what the region stage grouped, `grouped`, and its map).
fn probabilities(
    samples: &sample::Samples,
    grouped: &sample::Samples,
    regions: &regions::Regions,
    placed: &[crate::board::Placed],
    theme: Theme,
) -> crate::board::ClassProbabilities {
    use crate::board::ClassProbabilities;
    ClassProbabilities {
        cell_classes: ClassProbabilities::QUEENS_CELLS,
        cells: crate::models::queens_mark_probs(samples, placed, theme),
        edge_classes: ClassProbabilities::QUEENS_EDGES,
        edges: crate::models::queens_pair_probs(grouped, regions, theme)
            .into_iter()
            .filter_map(|(p, probs)| Some((crate::puzzle::Edge::between(p.a, p.b)?, probs)))
            .collect(),
    }
}

/// A region of one cell with a thin line to a neighbour read with doubt (under a pointer): the
/// doubted cell may have cut it off from its true region, which it continues (and two other
/// regions were merged to keep the count: pointer-hand 53318, a pink cell below a pointed-at
/// pink cell read as a region of its own, green and yellow read as one). Its confidence becomes
/// 0; with its doubted neighbour the answer is withheld (`answer`). A true region of one cell
/// has thick lines all round.
fn doubt_singletons_beside_doubts(
    samples: &sample::Samples,
    queens: &Queens,
    confidence: &mut [f32],
    doubt_below: f32,
) {
    let thin_below = thin_line_bound(samples);
    let n = queens.n();
    let before = confidence.to_vec();
    for cells in queens.region_cells() {
        let [p] = cells[..] else {
            continue;
        };
        if lines_around(samples, p)
            .iter()
            // A line under the pointer is not measured (NaN): it may be thin.
            .any(|&(w, j)| (w.is_nan() || w < thin_below) && before[j] < doubt_below)
        {
            confidence[p.index(n)] = 0.0;
        }
    }
}

/// Whether the colour read on the cell `p` under the pointer may be the pointer's, or another
/// region's: neutral (the hand's white body, the arrow's black, their blend), or within
/// [`regions::RegionOptions::colour_scale`] of a cell of another region as read that the
/// pointer leaves alone (`under`: the pointer's cells). A region of one cell that LinkedIn drew
/// has a colour of its own.
fn pointed_colour(
    grouped: &sample::Samples,
    queens: &Queens,
    p: Pos,
    under: &[Pos],
    opts: &regions::RegionOptions,
) -> bool {
    let n = queens.n();
    let c = grouped.cells[p.index(n)].colour;
    c.chroma() < opts.pointed_neutral_chroma
        || (0..n * n).any(|j| {
            let q = Pos::new(j / n, j % n);
            queens.region(q) != queens.region(p)
                && !under.contains(&q)
                && c.delta_e(grouped.cells[j].colour) < opts.colour_scale
        })
}

/// The one-cell regions as read under stripes whose colour is within
/// [`regions::RegionOptions::striped_singleton_twin_delta`] of a region beside them (its clear
/// cells' median colour).
fn striped_singleton_twins(
    samples: &sample::Samples,
    queens: &Queens,
    striped: &[Pos],
    under: &[Pos],
    opts: &regions::RegionOptions,
) -> Vec<Pos> {
    let Some(delta) = opts.striped_singleton_twin_delta else {
        return Vec::new();
    };
    let n = queens.n();
    let cells = queens.region_cells();
    let colours = clear_median_colours(samples, &cells, striped, under);
    let mut out = Vec::new();
    for region in &cells {
        let [p] = region[..] else {
            continue;
        };
        if !striped.contains(&p) {
            continue;
        }
        let own = samples.cells[p.index(n)].colour;
        let near = crate::puzzle::side_neighbours(p.index(n), n).any(|j| {
            let rj = queens.region(Pos::new(j / n, j % n));
            colours[rj].is_some_and(|c| own.delta_e(c) <= delta)
        });
        if near {
            out.push(p);
        }
    }
    out
}

/// Every region's colour: the median (per channel) of its clear cells' colours (not
/// `striped`, not `under` a pointer); `None` for a region with none.
fn clear_median_colours(
    samples: &sample::Samples,
    cells: &[Vec<Pos>],
    striped: &[Pos],
    under: &[Pos],
) -> Vec<Option<color::Lab>> {
    let n = samples.n;
    let median = |v: &mut Vec<f32>| {
        v.sort_by(f32::total_cmp);
        v[v.len() / 2]
    };
    cells
        .iter()
        .map(|region| {
            let clear: Vec<color::Lab> = clear_cells(region, striped, under)
                .iter()
                .map(|p| samples.cells[p.index(n)].colour)
                .collect();
            (!clear.is_empty()).then(|| color::Lab {
                l: median(&mut clear.iter().map(|c| c.l).collect()),
                a: median(&mut clear.iter().map(|c| c.a).collect()),
                b: median(&mut clear.iter().map(|c| c.b).collect()),
            })
        })
        .collect()
}

/// The cells of `region` neither `striped` nor `under` a pointer: those whose colour is the
/// region's own.
fn clear_cells(region: &[Pos], striped: &[Pos], under: &[Pos]) -> Vec<Pos> {
    region
        .iter()
        .copied()
        .filter(|p| !striped.contains(p) && !under.contains(p))
        .collect()
}

/// The cells of the regions as read whose clear cells (not `striped`, not `under` a pointer)
/// differ in colour beyond [`regions::RegionOptions::mixed_region_delta`] (see
/// [`Reading::misread_regions`]).
fn mixed_regions(
    samples: &sample::Samples,
    queens: &Queens,
    striped: &[Pos],
    under: &[Pos],
    opts: &regions::RegionOptions,
) -> Vec<Pos> {
    let Some(delta) = opts.mixed_region_delta else {
        return Vec::new();
    };
    let n = queens.n();
    let colour = |p: &Pos| samples.cells[p.index(n)].colour;
    let mut out = Vec::new();
    for cells in queens.region_cells() {
        let clear = clear_cells(&cells, striped, under);
        // The region's colour: the clear cell with the most clear cells near its colour.
        let near = |a: &Pos| {
            clear
                .iter()
                .filter(|b| colour(a).delta_e(colour(b)) <= delta)
                .count()
        };
        let Some(centre) = clear.iter().max_by_key(|p| near(p)) else {
            continue;
        };
        let mut odd: Vec<Pos> = clear
            .iter()
            .copied()
            .filter(|p| colour(p).delta_e(colour(centre)) > delta)
            .collect();
        if odd.is_empty()
            && let Some(apart) = opts.mixed_region_group_delta
        {
            odd = second_colour(&clear, &colour, apart, opts.mixed_region_group_alike);
        }
        // Odd cells all in one row or column that holds a striped cell: stripes not seen
        // over them (dense stripes over a cell read as one flat blend of their colours).
        let in_striped_line = |same: &dyn Fn(&Pos, &Pos) -> bool| {
            odd.iter().all(|p| same(p, &odd[0])) && striped.iter().any(|s| same(s, &odd[0]))
        };
        let unseen_stripes = !odd.is_empty()
            && (in_striped_line(&|a, b| a.row == b.row) || in_striped_line(&|a, b| a.col == b.col));
        if !odd.is_empty() && !unseen_stripes {
            out.extend(cells.iter().copied());
        }
    }
    out.sort_by_key(|p| (p.row, p.col));
    out
}

/// The two cells of every line inside a region as read (not beside `striped` cells nor
/// `under` a pointer) measured thick, at least `share` of the way from the board's thin line
/// level to its thick one (`levels`), between colours more than `delta` apart (see
/// [`regions::RegionOptions::thick_inside`]).
fn thick_inside(
    samples: &sample::Samples,
    queens: &Queens,
    levels: (f32, f32),
    [share, delta]: [f32; 2],
    striped: &[Pos],
    under: &[Pos],
) -> Vec<Pos> {
    let n = queens.n();
    let bound = levels.0 + share * (levels.1 - levels.0);
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let a = Pos::new(r, c);
            let sides = [
                (c + 1 < n).then(|| (Pos::new(r, c + 1), samples.right[r * (n - 1) + c])),
                (r + 1 < n).then(|| (Pos::new(r + 1, c), samples.down[r * n + c])),
            ];
            for (b, weight) in sides.into_iter().flatten() {
                let clear = [a, b]
                    .iter()
                    .all(|p| !striped.contains(p) && !under.contains(p));
                let apart = samples.cells[a.index(n)]
                    .colour
                    .delta_e(samples.cells[b.index(n)].colour);
                if clear && queens.region(a) == queens.region(b) && weight >= bound && apart > delta
                {
                    out.extend([a, b]);
                }
            }
        }
    }
    out.sort_by_key(|p| (p.row, p.col));
    out.dedup();
    out
}

/// The cells of the regions as read whose cells not `under` a pointer nor `streaks` hold two flat colours
/// ([`second_colour`]), on a board with no overlay seen (see
/// [`regions::RegionOptions::two_colours_anywhere`]).
fn two_colour_regions(
    samples: &sample::Samples,
    queens: &Queens,
    streaks: &[Pos],
    under: &[Pos],
    apart: f32,
    opts: &regions::RegionOptions,
) -> Vec<Pos> {
    let n = queens.n();
    let colour = |p: &Pos| samples.cells[p.index(n)].colour;
    let mut out = Vec::new();
    for cells in queens.region_cells() {
        let clear = clear_cells(&cells, streaks, under);
        if !second_colour(&clear, &colour, apart, opts.mixed_region_group_alike).is_empty() {
            out.extend(cells.iter().copied());
        }
    }
    out.sort_by_key(|p| (p.row, p.col));
    out
}

/// The cells of the regions as read that hold both hatched cells and clear ones of another
/// colour, at least `min` of each, their median colours `apart` or more (see
/// [`regions::RegionOptions::hatched_mixed_apart`]).
fn hatched_mixed_regions(
    samples: &sample::Samples,
    queens: &Queens,
    under: &[Pos],
    apart: f32,
    min: usize,
    opts: &regions::RegionOptions,
) -> Vec<Pos> {
    let n = queens.n();
    let mut out = Vec::new();
    for cells in queens.region_cells() {
        let (mut hatched, mut clear) = (Vec::new(), Vec::new());
        for p in cells.iter().filter(|p| !under.contains(p)) {
            let c = &samples.cells[p.index(n)];
            // Banded (the shimmer) and reddened (stripes) cells are neither.
            if c.shading >= opts.hatched_mixed_band || c.reddened >= opts.streaked_min_reddened {
                continue;
            }
            if c.spread < opts.streaked_min_spread {
                clear.push(c.colour);
            } else {
                hatched.push(c.colour);
            }
        }
        if hatched.len() < min || clear.len() < min {
            continue;
        }
        if let (Some(h), Some(c)) = (
            color::Lab::median(&mut hatched),
            color::Lab::median(&mut clear),
        ) && h.delta_e(c) >= apart
        {
            out.extend(cells.iter().copied());
        }
    }
    out
}

/// The cells on either side of a line measured under `below` pixels: a line not seen
/// ([`regions::RegionOptions::unseen_line_share`]).
fn unseen_line_cells(samples: &sample::Samples, below: f32) -> Vec<Pos> {
    let n = samples.n;
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let (right, down) = (r * (n - 1) + c, r * n + c);
            if c + 1 < n && samples.right.get(right).is_some_and(|&w| w < below) {
                out.extend([Pos::new(r, c), Pos::new(r, c + 1)]);
            }
            if r + 1 < n && samples.down.get(down).is_some_and(|&w| w < below) {
                out.extend([Pos::new(r, c), Pos::new(r + 1, c)]);
            }
        }
    }
    out.sort_by_key(|p| (p.row, p.col));
    out.dedup();
    out
}

/// The clear cells (not `hidden` under stripes or streaks, not `under` a pointer) more than
/// `delta` from the flat colour most of their region's clear cells share
/// ([`regions::RegionOptions::odd_cell_delta`]).
fn odd_cells(
    samples: &sample::Samples,
    queens: &Queens,
    hidden: &[Pos],
    under: &[Pos],
    delta: f32,
    opts: &regions::RegionOptions,
) -> Vec<Pos> {
    let n = queens.n();
    let colour = |p: &Pos| samples.cells[p.index(n)].colour;
    let mut out = Vec::new();
    for cells in queens.region_cells() {
        let clear = clear_cells(&cells, hidden, under);
        let near = |a: &Pos| {
            clear
                .iter()
                .filter(|b| colour(a).delta_e(colour(b)) <= opts.mixed_region_group_alike)
                .count()
        };
        let Some(first) = clear.iter().max_by_key(|p| near(p)) else {
            continue;
        };
        if near(first) < 2 {
            continue;
        }
        out.extend(
            clear
                .iter()
                .filter(|p| colour(p).delta_e(colour(first)) > delta),
        );
    }
    out
}

/// The clear cells of a region as read that hold a second colour: every clear cell within
/// `alike` (CIE76) of one of two colours more than `apart` from each other, each held by two
/// cells or more (see [`regions::RegionOptions::mixed_region_group_delta`]). Empty when the
/// cells show one colour, or colours between (a gradient: the win shimmer's light band).
fn second_colour(
    clear: &[Pos],
    colour: &impl Fn(&Pos) -> color::Lab,
    apart: f32,
    alike: f32,
) -> Vec<Pos> {
    let near = |a: &Pos, cells: &[Pos]| -> Vec<Pos> {
        cells
            .iter()
            .copied()
            .filter(|b| colour(a).delta_e(colour(b)) <= alike)
            .collect()
    };
    let Some(first) = clear.iter().max_by_key(|p| near(p, clear).len()) else {
        return Vec::new();
    };
    let far: Vec<Pos> = clear
        .iter()
        .copied()
        .filter(|p| colour(p).delta_e(colour(first)) > apart)
        .collect();
    let Some(second) = far.iter().max_by_key(|p| near(p, &far).len()) else {
        return Vec::new();
    };
    let (one, two) = (near(first, clear), near(second, &far));
    if one.len() >= 2 && two.len() >= 2 && one.len() + two.len() == clear.len() {
        two
    } else {
        Vec::new()
    }
}

/// The cells of every two regions as read, side by side (or both beside hidden cells:
/// [`regions::RegionOptions::twin_regions_beside_hidden`]), whose clear cells (not `striped`, not
/// `under` a pointer) have one colour: within [`regions::RegionOptions::twin_region_delta`] of
/// each other (their median colours). LinkedIn gives every region its own colour, so one
/// region was split in two, and another two merged to keep the count (see
/// [`Reading::misread_regions`]).
fn twin_regions(
    samples: &sample::Samples,
    queens: &Queens,
    striped: &[Pos],
    under: &[Pos],
    opts: &regions::RegionOptions,
) -> Vec<Pos> {
    let Some(delta) = opts.twin_region_delta else {
        return Vec::new();
    };
    let n = queens.n();
    let cells = queens.region_cells();
    let colours = clear_median_colours(samples, &cells, striped, under);
    let twin = |ri: usize, rj: usize| {
        ri != rj
            && matches!((colours[ri], colours[rj]), (Some(x), Some(y)) if x.delta_e(y) <= delta)
    };
    let mut twins: Vec<usize> = Vec::new();
    if opts.twin_regions_beside_hidden {
        // The regions with a cell striped, under the pointer or beside one.
        let hidden = |p: &Pos| striped.contains(p) || under.contains(p);
        let beside: Vec<bool> = cells
            .iter()
            .map(|region| {
                region.iter().any(|p| {
                    hidden(p)
                        || crate::puzzle::side_neighbours(p.index(n), n)
                            .any(|j| hidden(&Pos::new(j / n, j % n)))
                })
            })
            .collect();
        for ri in 0..cells.len() {
            for rj in ri + 1..cells.len() {
                if beside[ri] && beside[rj] && twin(ri, rj) {
                    twins.extend([ri, rj]);
                }
            }
        }
    }
    for i in 0..n * n {
        let ri = queens.region(Pos::new(i / n, i % n));
        for j in crate::puzzle::side_neighbours(i, n) {
            let rj = queens.region(Pos::new(j / n, j % n));
            if twin(ri, rj) {
                twins.extend([ri, rj]);
            }
        }
    }
    twins.sort_unstable();
    twins.dedup();
    twins
        .into_iter()
        .flat_map(|k| cells[k].iter().copied())
        .collect()
}

/// The cells LinkedIn stripes for the crowns in `placed` that clash by where they are: the
/// row or column two share, or the two cells when they only touch. Two crowns in one region
/// as read are left out (the region may be the misread: the win shimmer splits and merges
/// regions of a solved board), as are crowns in the line at the `cut` side (read from the
/// part in view, or not at all). Sorted, no duplicates; empty without such a clash.
fn clash_lines(placed: &[crate::board::Placed], cut: Option<Side>, n: usize) -> Vec<Pos> {
    let in_cut = |p: Pos| match cut {
        Some(Side::Left) => p.col == 0,
        Some(Side::Right) => p.col + 1 == n,
        Some(Side::Top) => p.row == 0,
        Some(Side::Bottom) => p.row + 1 == n,
        None => false,
    };
    let crowns: Vec<Pos> = crown_cells(placed).filter(|&p| !in_cut(p)).collect();
    let mut out = Vec::new();
    for (k, &a) in crowns.iter().enumerate() {
        for &b in &crowns[k + 1..] {
            if a.row == b.row {
                out.extend((0..n).map(|c| Pos::new(a.row, c)));
            } else if a.col == b.col {
                out.extend((0..n).map(|r| Pos::new(r, a.col)));
            } else if crate::puzzle::crowns_clash(a, b) {
                out.extend([a, b]);
            }
        }
    }
    out.sort_by_key(|p| (p.row, p.col));
    out.dedup();
    out
}

/// The cells of the player's crowns in `placed`.
fn crown_cells(placed: &[crate::board::Placed]) -> impl Iterator<Item = Pos> + '_ {
    placed
        .iter()
        .filter(|p| matches!(p, crate::board::Placed::Crown { .. }))
        .map(|p| p.pos())
}

/// The cells of the crowns in `placed` that share a row or a column with another or touch
/// one (diagonals included).
fn clashing_crowns(placed: &[crate::board::Placed]) -> Vec<Pos> {
    let crowns: Vec<Pos> = crown_cells(placed).collect();
    crowns
        .iter()
        .copied()
        .filter(|&a| crowns.iter().any(|&b| crate::puzzle::crowns_clash(a, b)))
        .collect()
}

/// The cells of the regions as read every cell of which is `streaked`
/// ([`regions::RegionOptions::streaked_region_doubted`]).
fn streaked_regions(queens: &Queens, streaked: &[Pos]) -> Vec<Pos> {
    queens
        .region_cells()
        .into_iter()
        .filter(|cells| cells.iter().all(|p| streaked.contains(p)))
        .flatten()
        .collect()
}

/// A region of one cell under red stripes with a thin line to a neighbour: the stripes may
/// have split the cell from its true region (and two others were merged to keep the count);
/// its confidence becomes 0 (doubted, and the answer withheld). A true region of one cell has
/// thick lines all round.
///
/// Stripes darken every line they cross, more where both cells are striped: each line round
/// the cell is judged against the board's lines of its own kind (same direction, as many
/// striped cells beside it), split into thin and thick ([`striped_line_levels`]). Where its
/// kind shows no two levels, a line is thin under the board's thin/thick bound or under
/// [`regions::RegionOptions::striped_thin_ratio`] of the cell's heaviest line.
fn doubt_striped_singletons(
    samples: &sample::Samples,
    queens: &Queens,
    striped: &[Pos],
    confidence: &mut [f32],
    opts: &regions::RegionOptions,
) {
    let n = queens.n();
    let thin_below = thin_line_bound(samples);
    for cells in queens.region_cells() {
        let [p] = cells[..] else {
            continue;
        };
        let i = p.index(n);
        if striped.contains(&p)
            && thin_line_round(samples, p, striped, thin_below, |_| true, false, opts)
        {
            confidence[i] = 0.0;
        }
    }
}

/// Whether a line round the striped cell `p` to a neighbour `beyond` accepts is thin (or not
/// measured), each judged against the board's lines of its own kind ([`striped_line_levels`];
/// see [`doubt_striped_singletons`]); `thin_below`: [`thin_line_bound`]. With `inside_thin`,
/// also true when a line to a striped cell `beyond` refuses measures thick
/// ([`regions::RegionOptions::striped_walls_thin_inside`]).
fn thin_line_round(
    samples: &sample::Samples,
    p: Pos,
    striped: &[Pos],
    thin_below: f32,
    beyond: impl Fn(usize) -> bool,
    inside_thin: bool,
    opts: &regions::RegionOptions,
) -> bool {
    let n = samples.n;
    let i = p.index(n);
    let striped = |i: usize| striped.contains(&Pos::new(i / n, i % n));
    let lines = lines_around(samples, p);
    let heaviest = lines.iter().map(|&(w, _)| w).fold(0.0f32, f32::max);
    let thin = |w: f32, j: usize| {
        let across = j % n != i % n;
        match striped_line_levels(samples, across, 1 + usize::from(striped(j)), &striped, opts) {
            Some((lo, hi)) => w.is_nan() || w * w < lo * hi,
            None => w.is_nan() || w < thin_below || w < opts.striped_thin_ratio * heaviest,
        }
    };
    // With `inside_thin`, a line to a striped cell of the same region as read that measures
    // thick: under these stripes the lines' weights do not tell thin from thick.
    let unreliable = inside_thin
        && lines
            .iter()
            .filter(|&&(_, j)| !beyond(j) && striped(j))
            .any(|&(w, j)| !thin(w, j));
    unreliable
        || lines
            .iter()
            .filter(|&&(_, j)| beyond(j))
            .any(|&(w, j)| thin(w, j))
}

/// LinkedIn stripes whole rows, columns or regions: a row or column with more than `share` of
/// its cells striped is striped along all of it (a cell under dense stripes can read as one flat
/// colour of their blend, neither spread nor reddened: stripes-over 400106). A row or column
/// of `clash.0` (the lines of crowns that clash: LinkedIn stripes them) is striped along all
/// of it with at least `clash.1` of its cells striped. `None`: as seen.
fn fill_striped_lines(
    mut striped: Vec<Pos>,
    n: usize,
    share: Option<f32>,
    clash: (&[Pos], Option<usize>),
) -> Vec<Pos> {
    let Some(share) = share else {
        return striped;
    };
    if striped.is_empty() {
        return striped;
    }
    let (clashed, clash_min) = clash;
    let whole = |line: &dyn Fn(usize) -> Pos, count: usize| {
        count as f32 > share * n as f32
            || clash_min.is_some_and(|m| count >= m && (0..n).all(|i| clashed.contains(&line(i))))
    };
    let mut add = Vec::new();
    for k in 0..n {
        let row = striped.iter().filter(|p| p.row == k).count();
        let col = striped.iter().filter(|p| p.col == k).count();
        if whole(&|c| Pos::new(k, c), row) {
            add.extend((0..n).map(|c| Pos::new(k, c)));
        }
        if whole(&|r| Pos::new(r, k), col) {
            add.extend((0..n).map(|r| Pos::new(r, k)));
        }
    }
    striped.extend(add);
    striped.sort_by_key(|p| (p.row, p.col));
    striped.dedup();
    striped
}

/// The striped cells ([`Reading::striped`]) whose every line to a cell of another region as
/// read is thick: the stripes did not cut them from a neighbour's region
/// ([`Reading::striped_walled`]).
fn walled_cells(
    samples: &sample::Samples,
    queens: &Queens,
    striped: &[Pos],
    opts: &regions::RegionOptions,
) -> Vec<Pos> {
    if striped.is_empty() {
        return Vec::new();
    }
    let n = queens.n();
    let thin_below = thin_line_bound(samples);
    let regions = queens.region_cells();
    striped
        .iter()
        .copied()
        .filter(|&p| {
            let own = queens.region(p);
            let whole = regions[own].iter().all(|c| striped.contains(c));
            !thin_line_round(
                samples,
                p,
                striped,
                thin_below,
                |j| queens.region(Pos::new(j / n, j % n)) != own,
                whole && opts.striped_walls_thin_inside,
                opts,
            )
        })
        .collect()
}

/// The thin and thick levels (two-means on the logarithm, [`regions::border_levels`], at least
/// [`regions::RegionOptions::striped_level_ratio`] apart) of the board's lines running between
/// cells side by side (`across`, else one above the other) with `striped_cells` of their two
/// cells striped. `None` when fewer than 4 such lines are measured or they show no two levels.
fn striped_line_levels(
    s: &sample::Samples,
    across: bool,
    striped_cells: usize,
    striped: &impl Fn(usize) -> bool,
    opts: &regions::RegionOptions,
) -> Option<(f32, f32)> {
    let n = s.n;
    let count = |a: usize, b: usize| usize::from(striped(a)) + usize::from(striped(b));
    let mut w: Vec<f32> = Vec::new();
    for r in 0..n {
        for c in 0..n - 1 {
            let (a, b, k) = if across {
                (r * n + c, r * n + c + 1, r * (n - 1) + c)
            } else {
                (c * n + r, (c + 1) * n + r, c * n + r)
            };
            let weight = if across { s.right[k] } else { s.down[k] };
            if count(a, b) == striped_cells && !weight.is_nan() {
                w.push(weight);
            }
        }
    }
    if w.len() < 4 {
        return None;
    }
    let o = regions::RegionOptions {
        min_border_ratio: opts.striped_level_ratio,
        ..opts.clone()
    };
    regions::border_levels(&w, &o)
}

/// The lines round cell `p`: each line's weight and the index of the cell beyond it (left,
/// right, above, below; those inside the board).
fn lines_around(s: &sample::Samples, p: Pos) -> Vec<(f32, usize)> {
    let (n, r, c) = (s.n, p.row, p.col);
    let mut out = Vec::with_capacity(4);
    if c > 0 {
        out.push((s.right[r * (n - 1) + c - 1], r * n + c - 1));
    }
    if c + 1 < n {
        out.push((s.right[r * (n - 1) + c], r * n + c + 1));
    }
    if r > 0 {
        out.push((s.down[(r - 1) * n + c], (r - 1) * n + c));
    }
    if r + 1 < n {
        out.push((s.down[r * n + c], (r + 1) * n + c));
    }
    out
}

/// The line weight between the board's thin lines and its thick ones: the geometric mean of
/// the median weight (most lines are thin) and the 90th percentile (thick region borders).
fn thin_line_bound(s: &sample::Samples) -> f32 {
    let mut w: Vec<f32> = s.right.iter().chain(&s.down).copied().collect();
    if w.is_empty() {
        return 0.0;
    }
    w.sort_by(f32::total_cmp);
    let thin = w[w.len() / 2];
    let thick = w[(w.len() * 9 / 10).min(w.len() - 1)];
    (thin.max(0.01) * thick.max(0.01)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::locate::tests::{PALETTE, draw_board, sample_labels};
    use super::*;
    use crate::board::Placed;
    use image::Rgb;

    fn fill(img: &mut RgbImage, x0: u32, y0: u32, w: u32, h: u32, c: [u8; 3]) {
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                img.put_pixel(x, y, Rgb(c));
            }
        }
    }

    /// A 4x4 map: region 0 the left half, region 1 column 2, regions 2 and 3 the top and
    /// bottom halves of column 3.
    fn left_half_and_three() -> Queens {
        let labels: Vec<u32> = (0..16)
            .map(|i| match (i / 4, i % 4) {
                (_, 0) | (_, 1) => 0,
                (_, 2) => 1,
                (r, _) if r < 2 => 2,
                _ => 3,
            })
            .collect();
        Queens::new(4, &labels).expect("valid")
    }

    /// The sample of a cell of one flat colour with nothing on it.
    fn flat_cell(colour: color::Lab) -> sample::CellSample {
        sample::CellSample {
            colour,
            spread: 0.0,
            shading: 0.0,
            darkened: 0.0,
            reddened: 0.0,
            glyph: sample::Glyph::default(),
        }
    }

    fn expected() -> Puzzle {
        Puzzle::Queens(Queens::new(7, &sample_labels()).expect("valid"))
    }

    #[test]
    fn reads_regions_crowns_and_crosses() {
        let (pitch, margin) = (60u32, 30u32);
        let mut img = draw_board(
            &sample_labels(),
            7,
            pitch,
            margin,
            [243, 242, 238],
            &PALETTE,
        );
        // A crown-sized black glyph in (0, 0), a small x in (2, 3).
        let at = |r: u32, c: u32| {
            (
                margin + c * pitch + pitch / 2,
                margin + r * pitch + pitch / 2,
            )
        };
        let (x, y) = at(0, 0);
        fill(&mut img, x - 13, y - 10, 26, 20, [0, 0, 0]);
        let (x, y) = at(2, 3);
        for d in 0..8u32 {
            img.put_pixel(x - 4 + d, y - 4 + d, Rgb([30, 30, 30]));
            img.put_pixel(x + 3 - d, y - 4 + d, Rgb([30, 30, 30]));
        }
        let r = read_queens(&img, &QueensReadOptions::default()).expect("reads");
        assert_eq!(r.puzzle, expected());
        assert_eq!(
            r.placed,
            vec![
                Placed::Crown {
                    pos: Pos::new(0, 0)
                },
                Placed::Cross {
                    pos: Pos::new(2, 3)
                }
            ]
        );
        assert_eq!(r.theme, Theme::Light);
        assert!(r.doubts.is_empty(), "{:?}", r.doubts);
    }

    #[test]
    fn hovered_cell_and_dark_page() {
        let (pitch, margin) = (50u32, 40u32);
        let mut img = draw_board(&sample_labels(), 7, pitch, margin, [27, 31, 35], &PALETTE);
        // Darken cell (3, 3) the way a hover does (inside its borders).
        let (x0, y0) = (margin + 3 * pitch + 4, margin + 3 * pitch + 4);
        for y in y0..y0 + pitch - 8 {
            for x in x0..x0 + pitch - 8 {
                let p = img.get_pixel_mut(x, y);
                for v in p.0.iter_mut() {
                    *v = (f32::from(*v) * 0.75) as u8;
                }
            }
        }
        let r = read_queens(&img, &QueensReadOptions::default()).expect("reads");
        assert_eq!(r.puzzle, expected());
        assert_eq!(r.theme, Theme::Dark);
        assert!(r.placed.is_empty());
    }

    #[test]
    fn candidate_scores_a_board_and_not_a_blank_page() {
        let img = draw_board(&sample_labels(), 7, 40, 20, [255, 255, 255], &PALETTE);
        let c = queens_candidate(&img, &QueensReadOptions::default()).expect("candidate");
        assert!(c.score > 0.9 && c.grid.rows == 7);
        let blank = RgbImage::from_pixel(400, 300, Rgb([250, 250, 250]));
        assert!(queens_candidate(&blank, &QueensReadOptions::default()).is_none());
        assert!(matches!(
            read_queens(&blank, &QueensReadOptions::default()),
            Err(ReadError::NoBoard(_))
        ));
    }

    /// A documented or `Debug` value as a number: `true` 1, `false` 0.
    fn number(v: &str) -> f64 {
        match v {
            "true" => 1.0,
            "false" => 0.0,
            _ => v.parse().expect("a number"),
        }
    }

    /// Checks every "Default X" in the field docs of the options struct `name` in `src`
    /// against the value `Default::default()` gives (its `Debug` form).
    fn documented_defaults_hold(src: &str, name: &str, debug: &str) {
        let values: std::collections::HashMap<&str, f64> = debug
            [debug.find('{').expect("struct") + 1..debug.rfind('}').expect("struct")]
            .split(", ")
            .map(|kv| {
                let (k, v) = kv.split_once(": ").expect("field: value");
                // `Some(x)` options are checked as `x`, switches as 1 (true) and 0 (false).
                let v = v.trim().trim_start_matches("Some(").trim_end_matches(')');
                (k.trim(), number(v))
            })
            .collect();
        let body = &src[src.find(&format!("pub struct {name} {{")).expect("struct")..];
        let body = &body[..body.find("\n}").expect("struct end")];
        let (mut doc, mut checked) = (String::new(), 0);
        for line in body.lines().skip(1) {
            let line = line.trim();
            if let Some(d) = line.strip_prefix("///") {
                doc.push_str(d);
                doc.push(' ');
            } else if let Some(field) = line.strip_prefix("pub ") {
                let field = field.split(':').next().expect("field");
                let said = doc
                    .split("Default ")
                    .nth(1)
                    .and_then(|t| t.split_whitespace().next())
                    .unwrap_or_else(|| panic!("{name}::{field} documents no default"));
                let said = number(
                    said.trim_start_matches("Some(")
                        .trim_end_matches(['.', ',', ')']),
                );
                let actual = values[field];
                assert!(
                    (said - actual).abs() <= 1e-6 * said.abs().max(1.0),
                    "{name}::{field}: doc says {said}, Default gives {actual}"
                );
                doc.clear();
                checked += 1;
            }
        }
        assert_eq!(
            checked,
            values.len(),
            "{name}: every field has a documented default"
        );
    }

    #[test]
    fn documented_defaults_match_default() {
        let o = QueensReadOptions::default();
        documented_defaults_hold(
            include_str!("locate.rs"),
            "QueensLocateOptions",
            &format!("{:?}", o.locate),
        );
        documented_defaults_hold(
            include_str!("sample.rs"),
            "SampleOptions",
            &format!("{:?}", o.sample),
        );
        documented_defaults_hold(
            include_str!("regions.rs"),
            "RegionOptions",
            &format!("{:?}", o.regions),
        );
        documented_defaults_hold(
            include_str!("pieces.rs"),
            "PieceOptions",
            &format!("{:?}", o.pieces),
        );
        documented_defaults_hold(
            include_str!("check.rs"),
            "CheckOptions",
            &format!("{:?}", o.check),
        );
    }

    #[test]
    fn junk_images_do_not_panic() {
        let o = QueensReadOptions::default();
        let mut seed = 12345u32;
        let mut noise = RgbImage::new(317, 211);
        for p in noise.pixels_mut() {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let v = (seed >> 16) as u8;
            *p = Rgb([v, v.wrapping_mul(7), v.wrapping_mul(13)]);
        }
        for img in [
            noise,
            RgbImage::new(1, 1),
            RgbImage::new(1, 500),
            RgbImage::new(9, 9),
        ] {
            assert!(read_queens(&img, &o).is_err());
        }
    }

    #[test]
    fn a_clash_stripes_its_line_or_its_two_cells() {
        let clash_lines_at = |p: &[Placed], n| clash_lines(p, None, n);
        let crown = |r, c| Placed::Crown {
            pos: Pos::new(r, c),
        };
        let cells =
            |v: &[(usize, usize)]| v.iter().map(|&(r, c)| Pos::new(r, c)).collect::<Vec<_>>();
        assert!(clash_lines_at(&[crown(0, 0), crown(1, 2), crown(3, 1)], 4).is_empty());
        assert_eq!(
            clash_lines_at(&[crown(0, 3), crown(2, 3)], 4),
            cells(&[(0, 3), (1, 3), (2, 3), (3, 3)])
        );
        assert_eq!(
            clash_lines_at(&[crown(2, 0), crown(2, 2), crown(0, 1)], 4),
            cells(&[(2, 0), (2, 1), (2, 2), (2, 3)])
        );
        assert_eq!(
            clash_lines_at(&[crown(0, 0), crown(1, 1)], 4),
            cells(&[(0, 0), (1, 1)])
        );
        // Crowns in the cut line do not count.
        let cut_col = [crown(0, 0), crown(2, 0), crown(1, 2), crown(3, 2)];
        assert!(clash_lines(&cut_col[..2], Some(Side::Left), 4).is_empty());
        assert_eq!(clash_lines(&cut_col, Some(Side::Left), 4).len(), 4);
    }

    #[test]
    fn clashing_crowns_are_those_in_a_line_or_touching() {
        let crown = |r, c| Placed::Crown {
            pos: Pos::new(r, c),
        };
        let placed = vec![
            crown(0, 0),
            crown(2, 3),
            crown(3, 4),
            crown(5, 1),
            Placed::Cross {
                pos: Pos::new(5, 6),
            },
        ];
        // (2, 3) and (3, 4) touch diagonally; (0, 0) and (5, 1) clash with nothing.
        assert_eq!(
            clashing_crowns(&placed),
            vec![Pos::new(2, 3), Pos::new(3, 4)]
        );
        let apart = vec![crown(0, 0), crown(2, 1), crown(4, 2)];
        assert!(clashing_crowns(&apart).is_empty());
        assert_eq!(
            clashing_crowns(&[crown(1, 0), crown(1, 5)]),
            vec![Pos::new(1, 0), Pos::new(1, 5)]
        );
    }

    #[test]
    fn a_region_of_two_colours_beside_stripes_is_mixed() {
        use super::color::Lab;
        use super::sample::{CellSample, Samples};
        // 4x4: region 0 the left half, the right half three more. Region 0's clear cells
        // are tan and green; its green cells lie only beside the striped column 1.
        let queens = left_half_and_three();
        let tan = Lab {
            l: 73.0,
            a: 0.0,
            b: 12.0,
        };
        let green = Lab {
            l: 84.0,
            a: -26.0,
            b: 26.0,
        };
        let blue = Lab {
            l: 76.0,
            a: 3.0,
            b: -36.0,
        };
        let cells: Vec<CellSample> = (0..16)
            .map(|i| match (i / 4, i % 4) {
                (r, 0) if r >= 2 => flat_cell(green),
                (_, 0) | (_, 1) => flat_cell(tan),
                _ => flat_cell(blue),
            })
            .collect();
        let samples = Samples {
            n: 4,
            cells,
            right: vec![1.0; 12],
            down: vec![1.0; 12],
        };
        let striped: Vec<Pos> = (0..4).map(|r| Pos::new(r, 1)).collect();
        let opts = regions::RegionOptions::default();
        let mixed = mixed_regions(&samples, &queens, &striped, &[], &opts);
        assert_eq!(mixed.len(), 8);
        assert!(mixed.iter().all(|p| p.col < 2));
        // The green cells under the pointer: what is left is one colour.
        let under = [Pos::new(2, 0), Pos::new(3, 0)];
        assert!(mixed_regions(&samples, &queens, &striped, &under, &opts).is_empty());
        // Off.
        let off = regions::RegionOptions {
            mixed_region_delta: None,
            ..opts
        };
        assert!(mixed_regions(&samples, &queens, &striped, &[], &off).is_empty());
    }

    #[test]
    fn a_second_flat_colour_in_a_striped_region_is_two_regions() {
        use super::color::Lab;
        // Region cells in a row: grey, and tan 19 apart (under the 25 of
        // `mixed_region_delta`), as in stripes-over 27000378.
        let lab = |l, a, b| Lab { l, a, b };
        let (grey, tan, between) = (
            lab(89.0, 0.0, 0.0),
            lab(73.0, -1.0, 11.0),
            lab(81.0, 0.0, 5.0),
        );
        let cells: Vec<Pos> = (0..8).map(|c| Pos::new(0, c)).collect();
        let o = regions::RegionOptions::default();
        let apart = o.mixed_region_group_delta.expect("on by default");
        let alike = o.mixed_region_group_alike;
        let second =
            |colours: &[Lab]| second_colour(&cells, &|p: &Pos| colours[p.col], apart, alike);
        // Five grey, three tan: the tan cells are a second region's.
        let two = [grey, grey, grey, grey, grey, tan, tan, tan];
        assert_eq!(second(&two), cells[5..].to_vec());
        // One cell darker (the pointer's hover): one colour.
        let hovered = [grey, grey, grey, grey, grey, grey, grey, tan];
        assert!(second(&hovered).is_empty());
        // A gradient (the win shimmer's band): no two flat colours.
        let gradient = [grey, grey, grey, between, between, tan, tan, tan];
        assert!(second(&gradient).is_empty());
    }

    #[test]
    fn a_region_all_of_whose_cells_are_streaked_is_found() {
        // Regions: columns 0-1 (8 cells), column 2, rows 0-1 of column 3, rows 2-3 of it.
        let queens = left_half_and_three();
        let (top, bottom) = (Pos::new(0, 3), Pos::new(1, 3));
        // An object over the region of rows 0-1 of column 3, and over a cell of column 2.
        let streaked = [top, bottom, Pos::new(0, 2)];
        assert_eq!(streaked_regions(&queens, &streaked), vec![top, bottom]);
        // Half of it streaked: its other cell shows its colour.
        assert!(streaked_regions(&queens, &[top, Pos::new(0, 2)]).is_empty());
    }

    #[test]
    fn a_hatched_region_merged_with_the_clear_hinted_one_is_found() {
        use super::color::Lab;
        use super::sample::Samples;
        // 4x4, its first region read as columns 0-1: hatched purple above, the clear pink
        // hinted region below (22 apart, as combo 7100203); the rest hatched blue.
        let queens = left_half_and_three();
        let lab = |l, a, b| Lab { l, a, b };
        let (purple, pink, blue) = (
            lab(68.0, 19.0, -25.0),
            lab(64.0, 25.0, -4.0),
            lab(76.0, 3.0, -36.0),
        );
        let hatched = |colour| sample::CellSample {
            spread: 8.0,
            ..flat_cell(colour)
        };
        let samples = |lower: &dyn Fn() -> sample::CellSample| Samples {
            n: 4,
            cells: (0..16)
                .map(|i| match (i % 4 < 2, i / 4 < 2) {
                    (true, true) => hatched(purple),
                    (true, false) => lower(),
                    (false, _) => hatched(blue),
                })
                .collect(),
            right: vec![1.0; 12],
            down: vec![1.0; 12],
        };
        let o = regions::RegionOptions::default();
        let apart = o.hatched_mixed_apart.expect("on by default");
        let min = o.hatched_mixed_min;
        let merged = samples(&|| flat_cell(pink));
        let found = hatched_mixed_regions(&merged, &queens, &[], apart, min, &o);
        assert_eq!(found.len(), 8);
        assert!(found.iter().all(|p| p.col < 2));
        // Clear cells of the hatched region's own colour (hatching blurred away): one region.
        let blurred = samples(&|| flat_cell(purple));
        assert!(hatched_mixed_regions(&blurred, &queens, &[], apart, min, &o).is_empty());
        // Lit by the win shimmer's band, the clear cells are neither hatched nor clear.
        let banded = samples(&|| sample::CellSample {
            shading: 15.0,
            darkened: 0.0,
            ..flat_cell(pink)
        });
        assert!(hatched_mixed_regions(&banded, &queens, &[], apart, min, &o).is_empty());
        // Under a pointer the clear cells do not count.
        let under: Vec<Pos> = (2..4)
            .flat_map(|r| (0..2).map(move |c| Pos::new(r, c)))
            .collect();
        assert!(hatched_mixed_regions(&merged, &queens, &under, apart, min, &o).is_empty());
    }

    #[test]
    fn two_flat_colours_in_one_region_are_two_regions_on_any_board() {
        use super::color::Lab;
        use super::sample::Samples;
        // 4x4, its first region read as columns 0-1, holding grey and tan (19.5 apart, as
        // foreign 38200325: a badge took a colour group and the two were merged); the three
        // others in columns 2-3, blue.
        let queens = left_half_and_three();
        let lab = |l, a, b| Lab { l, a, b };
        let (grey, tan, blue) = (
            lab(89.0, 0.0, 0.0),
            lab(73.0, -1.0, 11.0),
            lab(76.0, 3.0, -36.0),
        );
        let samples = |left: &dyn Fn(usize) -> Lab| Samples {
            n: 4,
            cells: (0..16)
                .map(|i| flat_cell(if i % 4 < 2 { left(i) } else { blue }))
                .collect(),
            right: vec![1.0; 12],
            down: vec![1.0; 12],
        };
        let o = regions::RegionOptions::default();
        let apart = o.two_colours_anywhere.expect("on by default");
        let merged = samples(&|i| if i / 4 < 2 { grey } else { tan });
        let flagged = two_colour_regions(&merged, &queens, &[], &[], apart, &o);
        assert_eq!(flagged.len(), 8);
        assert!(flagged.iter().all(|p| p.col < 2));
        // One cell darker (a hover): one region.
        let hovered = samples(&|i| if i == 0 { tan } else { grey });
        assert!(two_colour_regions(&hovered, &queens, &[], &[], apart, &o).is_empty());
        // Marks on a small capture spread a region's colour by up to 12.5: one region.
        let marked = samples(&|i| {
            if i / 4 < 2 {
                tan
            } else {
                lab(83.0, -1.0, 14.0)
            }
        });
        assert!(two_colour_regions(&marked, &queens, &[], &[], apart, &o).is_empty());
        // The tan cells under the pointer: what is left is one colour.
        let under: Vec<Pos> = (2..4)
            .flat_map(|r| (0..2).map(move |c| Pos::new(r, c)))
            .collect();
        assert!(two_colour_regions(&merged, &queens, &[], &under, apart, &o).is_empty());
        // The same merge with the grey cells streaked (an emoji over them): left out, one
        // colour is left; with one streaked cell only, two flat colours are still seen.
        let streaked: Vec<Pos> = (0..2)
            .flat_map(|r| (0..2).map(move |c| Pos::new(r, c)))
            .collect();
        assert!(two_colour_regions(&merged, &queens, &streaked, &[], apart, &o).is_empty());
        let one = [Pos::new(0, 0)];
        assert_eq!(
            two_colour_regions(&merged, &queens, &one, &[], apart, &o).len(),
            8
        );
    }

    #[test]
    fn a_thick_line_inside_a_region_as_read_is_two_regions() {
        use super::sample::Samples;
        // 4x4, its first region read as columns 0-1, grey over tan (20 apart, as foreign
        // 42200156: two regions merged); a thick line (2.2 against levels 1.0 and 2.3)
        // between rows 1 and 2 of column 0.
        let queens = left_half_and_three();
        let lab = |l, a, b| color::Lab { l, a, b };
        let (grey, tan) = (lab(89.0, 0.0, 0.0), lab(73.0, -1.0, 11.0));
        let mut down = vec![1.0; 12];
        down[4] = 2.2;
        let samples = Samples {
            n: 4,
            cells: (0..16)
                .map(|i| flat_cell(if i / 4 < 2 { grey } else { tan }))
                .collect(),
            right: vec![1.0; 12],
            down,
        };
        let o = regions::RegionOptions::default();
        let limits = [o.thick_inside.expect("on by default"), o.thick_inside_delta];
        let levels = (1.0, 2.3);
        let flagged = |s: &Samples, striped: &[Pos], under: &[Pos]| {
            thick_inside(s, &queens, levels, limits, striped, under)
        };
        assert_eq!(
            flagged(&samples, &[], &[]),
            vec![Pos::new(1, 0), Pos::new(2, 0)]
        );
        // Beside a striped or pointed cell it is not looked at.
        assert!(flagged(&samples, &[Pos::new(1, 0)], &[]).is_empty());
        assert!(flagged(&samples, &[], &[Pos::new(2, 0)]).is_empty());
        // One colour on both sides (hatching weighing a thin line thick): one region.
        let mut one = samples.clone();
        for c in &mut one.cells {
            c.colour = grey;
        }
        assert!(flagged(&one, &[], &[]).is_empty());
        // Halfway between the levels: not thick.
        let mut thinner = samples.clone();
        thinner.down[4] = 1.6;
        assert!(flagged(&thinner, &[], &[]).is_empty());
        // A thick line between two regions as read is theirs.
        let mut between = samples.clone();
        between.down[4] = 1.0;
        between.right[1] = 2.3;
        assert!(flagged(&between, &[], &[]).is_empty());
    }

    #[test]
    fn two_regions_side_by_side_of_one_colour_are_twins() {
        use super::color::Lab;
        use super::sample::Samples;
        // 4x4 in four columns; columns 1 and 2 grey, 0 lavender, 3 pink.
        let labels: Vec<u32> = (0..16).map(|i| (i % 4) as u32).collect();
        let queens = Queens::new(4, &labels).expect("valid");
        let colour = |c: usize| match c {
            0 => Lab {
                l: 87.0,
                a: 9.0,
                b: -13.0,
            },
            1 | 2 => Lab {
                l: 71.0,
                a: 0.0,
                b: 0.0,
            },
            _ => Lab {
                l: 88.0,
                a: 12.0,
                b: -3.0,
            },
        };
        let samples = Samples {
            n: 4,
            cells: (0..16).map(|i| flat_cell(colour(i % 4))).collect(),
            right: vec![1.0; 12],
            down: vec![1.0; 12],
        };
        let opts = regions::RegionOptions::default();
        let twins = twin_regions(&samples, &queens, &[], &[], &opts);
        assert_eq!(twins.len(), 8);
        assert!(twins.iter().all(|p| p.col == 1 || p.col == 2));
        // Column 2 green: lavender, grey, green and pink are four colours (lavender and
        // pink 10.5 apart are not side by side).
        let mut apart = samples.clone();
        for r in 0..4 {
            apart.cells[r * 4 + 2].colour = Lab {
                l: 84.0,
                a: -26.0,
                b: 26.0,
            };
        }
        assert!(twin_regions(&apart, &queens, &[], &[], &opts).is_empty());
        let off = regions::RegionOptions {
            twin_region_delta: None,
            ..opts
        };
        assert!(twin_regions(&samples, &queens, &[], &[], &off).is_empty());
    }

    #[test]
    fn a_line_half_striped_is_striped_along_all_of_it() {
        let row: Vec<Pos> = [1, 3, 4, 5].iter().map(|&c| Pos::new(3, c)).collect();
        let filled = fill_striped_lines(row.clone(), 7, Some(0.45), (&[], None));
        assert_eq!(filled, (0..7).map(|c| Pos::new(3, c)).collect::<Vec<_>>());
        // Half of eight.
        let half: Vec<Pos> = [0, 2, 3, 7].iter().map(|&r| Pos::new(r, 3)).collect();
        assert_eq!(
            fill_striped_lines(half, 8, Some(0.45), (&[], None)).len(),
            8
        );
        // Three of seven, or the fill off: as seen.
        assert_eq!(
            fill_striped_lines(row[..3].to_vec(), 7, Some(0.5), (&[], None)),
            row[..3].to_vec()
        );
        assert_eq!(fill_striped_lines(row.clone(), 7, None, (&[], None)), row);
    }

    #[test]
    fn the_cells_beside_a_line_not_seen_are_listed() {
        let n = 3;
        let samples = sample::Samples {
            n,
            cells: Vec::new(),
            right: vec![1.0; n * (n - 1)],
            down: vec![3.0; n * (n - 1)],
        };
        assert!(unseen_line_cells(&samples, 0.3).is_empty());
        let mut gone = samples.clone();
        gone.right[(n - 1) + 1] = 0.0; // between (1, 1) and (1, 2)
        gone.down[2] = 0.1; // between (0, 2) and (1, 2)
        assert_eq!(
            unseen_line_cells(&gone, 0.3),
            vec![Pos::new(0, 2), Pos::new(1, 1), Pos::new(1, 2)]
        );
    }

    #[test]
    fn a_clash_line_with_two_cells_striped_is_striped_along_all_of_it() {
        // Row 1 of eight holds two crowns; two of its cells are seen striped.
        let seen = vec![Pos::new(1, 5), Pos::new(1, 7)];
        let clashed: Vec<Pos> = (0..8).map(|c| Pos::new(1, c)).collect();
        let filled = fill_striped_lines(seen.clone(), 8, Some(0.25), (&clashed, Some(2)));
        assert_eq!(filled, clashed);
        // Not a clash line, one cell seen, or the rule off: as seen.
        let other: Vec<Pos> = (0..8).map(|c| Pos::new(2, c)).collect();
        assert_eq!(
            fill_striped_lines(seen.clone(), 8, Some(0.25), (&other, Some(2))),
            seen
        );
        assert_eq!(
            fill_striped_lines(seen[..1].to_vec(), 8, Some(0.25), (&clashed, Some(2))),
            seen[..1].to_vec()
        );
        assert_eq!(
            fill_striped_lines(seen.clone(), 8, Some(0.25), (&clashed, None)),
            seen
        );
    }
}
