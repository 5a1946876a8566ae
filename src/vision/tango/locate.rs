//! Stage 2 (Tango): find the board and its cell lattice in a screenshot.
//!
//! The board is found from its structure, not from fixed positions or sizes:
//! 1. a grey copy of the image is box-downscaled so its longer side is at most
//!    [`TangoLocateOptions::work_max_side`];
//! 2. thin straight lines are detected as *ridges*: a pixel darker (light mode) or lighter (dark
//!    mode) than both of its neighbours a few pixels away across the line;
//! 3. long vertical and horizontal ridge runs become line candidates;
//! 4. a family of parallel lines with the same extent and equal spacing `p = extent / n` proposes a
//!    square `n x n` lattice (`n` one of [`TangoLocateOptions::sizes`]); every proposal is
//!    verified by the ridge coverage of all its interior lines and refined by a least-squares fit
//!    of the line positions; the board's extent on it is found by `block` (never a lattice
//!    coarser than the lines inside it; a board running out of the image is
//!    [`ReadError::CutOff`]);
//! 5. the lattice must look like Tango: its cell backgrounds are neutral (white / warm grey in
//!    light mode, near-black in dark mode), unlike Queens' coloured regions or Patches' tinted
//!    cells.
//!
//! Every stage's work is bounded (line candidates, families, anchors, proposals) and the locator
//! gives up with [`ReadError::Deadline`] after [`TangoLocateOptions::time_limit_ms`].
//!
//! [`tango_likeness`] exposes the final score so a caller can weigh it against the Queens locator.

use super::background::tango_cells;
use super::block::{Unlined, extent};
use super::lattice::{Proposal, proposals_from, refine, spacing_proposals};
use super::lines::{Line, Ridges};
use super::lines::{WorkImage, line_candidates, ridges};
use crate::board::{Grid, Theme};
use crate::vision::{ReadError, Side};
use image::RgbImage;
use std::time::{Duration, Instant};

/// Tunables of the board locator. All lengths are in working-image pixels unless noted.
#[derive(Clone, Debug)]
pub struct TangoLocateOptions {
    /// The image is box-downscaled by an integer factor until its longer side is at most this;
    /// the sides are tried in order until a board is found. Default `[800, 1600]`: a fast pass
    /// (1280x720 pages are halved) and, for small boards, a finer one.
    pub work_max_sides: Vec<u32>,
    /// Distances (px) at which a pixel is compared with its neighbours across a line. Two reaches
    /// catch lines 1-3 px and up to 7 px wide. Default `[2, 4]`.
    pub ridge_reach: [usize; 2],
    /// Least grey-level difference between a line pixel and both neighbours. Default 5.
    pub ridge_contrast: i16,
    /// Least grey-level step across a cell boundary without a visible line (a grey given cell
    /// next to a white one), measured at the first ridge reach. Default 8.
    pub step_contrast: i16,
    /// Largest gap (px) inside one ridge run. Default 3.
    pub run_gap: usize,
    /// Runs of one column/row are chained across a gap up to this fraction of the shorter run
    /// (markers sit on grid lines and interrupt them). Default 1.0.
    pub chain_gap_frac: f32,
    /// Shortest line candidate (px). Default 30.
    pub min_line_len: usize,
    /// Lines of one family share their start and end within this fraction of their length (and
    /// at least 3 px). Default 0.06.
    pub extent_tol_frac: f32,
    /// A line matches a lattice position within this fraction of the pitch. Default 0.08.
    pub pos_tol_frac: f32,
    /// Line candidates kept per direction, longest first (bounds the proposal search on noisy
    /// images). Default 400.
    pub max_lines: usize,
    /// Families of parallel lines (one per common extent, longest lines first) tried for
    /// proposals. Default 64.
    pub max_families: usize,
    /// Members of a family tried as anchors of a proposal, longest first. Default 48.
    pub max_family: usize,
    /// Lattice proposals kept for verification, best supported first. Default 2000.
    pub max_proposals: usize,
    /// The locator gives up with [`ReadError::Deadline`] once it has worked this long
    /// (milliseconds; checked between working sizes and lattice verifications). Default 2000.
    pub time_limit_ms: u64,
    /// Accepted board sides in cells: LinkedIn's Tango boards are 6x6 (8x8 on some days); a
    /// lattice of any other size is not a board. Default `[6, 8]`.
    pub sizes: Vec<usize>,
    /// A column (row) of a lattice's cells holds a grid line when a straight line across the
    /// board inside it is covered to this fraction of the lattice's own mean interior coverage.
    /// Default 0.75.
    pub inner_line_rel: f32,
    /// Inner lines are looked for this fraction of the pitch away from the cell borders.
    /// Default 0.25.
    pub inner_line_inset: f32,
    /// A lattice with grid lines inside more than this fraction of its columns (or rows) is
    /// coarser than the lines visible in it (a 4x4 of 1.5-cell blocks) and is no board.
    /// Default 0.25.
    pub max_inner_line_frac: f32,
    /// Smallest cell pitch in working pixels (a 6x6 board about 75 px wide). Default 12.
    pub min_pitch: f32,
    /// At least this fraction of interior lines must be found as line candidates for a family to
    /// propose a lattice. Default 0.5.
    pub min_family_support: f32,
    /// When no family of lines sharing both ends gives a board, lines sharing one end propose
    /// lattices whose pitch is their spacing; lines closer than this fraction of
    /// [`Self::min_pitch`] are one line there (a line 2-3 px wide is seen at both ridge
    /// reaches). `None`: no second try. Default `Some(0.2)`.
    pub spacing_merge: Option<f32>,
    /// Mean ridge coverage of the interior lines a lattice needs. Default 0.5.
    pub min_coverage: f32,
    /// Every interior line of a board needs at least this ridge coverage. Default 0.3.
    pub min_line_coverage: f32,
    /// A line segment between two lattice crossings counts as present with this coverage.
    /// Default 0.5.
    pub segment_ok: f32,
    /// A board needs this fraction of its interior segments present (a lattice one cell too
    /// large misses the segments outside the board; lines between two grey givens can be
    /// invisible). Default 0.7.
    pub min_segment_frac: f32,
    /// An outer row or column of a board whose border is not drawn (at the image edge) needs
    /// at least this share of the line segments across it covered: else it is page, a margin
    /// about a cell wide around a smaller board. Default 0.5.
    pub min_outer_segments: f32,
    /// An outer row or column with fewer segments across it than [`Self::min_outer_segments`]
    /// (a line of grey givens can hide them) is board only when its border is drawn and so are
    /// both side borders along it, each covered to at least this: a board's frame encloses
    /// its outer row. A page element a cell beyond a cut board (LinkedIn's Undo / Hint
    /// buttons below it, a header line above it) draws a line where the border would be, but
    /// not the sides: measured 0.43-0.69 there, 1.0 on real boards' given lines; 18 of 173
    /// real captures cut through their top row were read a row off onto the buttons and
    /// answered wrong before. Default 0.85.
    pub frame_side_ok: f32,
    /// Largest mean coverage of the interior lines just beyond any one side of the board (a
    /// lattice shifted a row off the board has the board's lines running on past one side).
    /// Default 0.5.
    pub max_side_overshoot: f32,
    /// Largest mean coverage of the interior lines just beyond the board's border (they stop
    /// at the border; a part of a larger lattice fails this). Default 0.5.
    pub max_overshoot: f32,
    /// The board is searched within this many cells around a lattice proposal (a proposal can
    /// be a part of the board or off by a cell). A whole 8x8 board's side: a proposal found on
    /// a board's lower rows must still see the row cut by the image edge above them, whose
    /// lines running on past a block shifted a row down onto the page reject that block (4
    /// missed it on a corner crop, read a row off and answered wrong). Default 8.
    pub extent_window: usize,
    /// A missing border line is accepted when it lies within this fraction of the pitch of the
    /// image edge (a crop without margin). Default 0.2.
    pub edge_margin: f32,
    /// Line segments are measured between lattice crossings, leaving out this fraction of the
    /// pitch at each end. Default 0.12.
    pub segment_inset: f32,
    /// Largest relative difference of horizontal and vertical pitch. Default 0.06.
    pub max_aspect_error: f32,
    /// Largest chroma (max - min of R, G, B) of a Tango cell background. Default 22.
    pub max_bg_chroma: f32,
    /// Light-mode cell backgrounds have at least this luma. Default 200.
    pub light_min_luma: f32,
    /// Dark-mode cell backgrounds have at most this luma. Default 110.
    pub dark_max_luma: f32,
    /// Least fraction of cells with a Tango-like background (one odd cell in 36 is allowed for a
    /// pointer or click ring). Default 0.95.
    pub min_tango_cells: f32,
    /// Least fraction of cells whose neutral background also has the theme's brightness (light
    /// at least [`Self::light_min_luma`], dark at most [`Self::dark_max_luma`]); the others may
    /// be lit or dimmed by an overlay such as the win shimmer. Default 0.75.
    pub min_theme_cells: f32,
    /// Least overall score (coverage x Tango cells) of an accepted board. Default 0.45.
    pub min_score: f32,
    /// How many of the best lattice proposals are checked in full. Default 12.
    pub max_candidates: usize,
    /// When choosing between accepted lattices, a lattice with more rows replaces the best one
    /// if it covers it to within this fraction of its own pitch. Default 0.3.
    pub pick_extent_tol: f32,
    /// ... and if the best one's pitch is an integer multiple `k` of its pitch to within this
    /// fraction of `k`. Default 0.1.
    pub pick_pitch_tol: f32,
    /// ... and, when it is finer (`k >= 2`), if its mean interior coverage is at most this much
    /// below the best one's. Default 0.1.
    pub pick_max_coverage_drop: f32,
    /// Shortest ridge run (px) kept before chaining runs into lines. Default 4.
    pub min_run: usize,
    /// Lattice proposals of the same size are duplicates when their origins differ by less
    /// than this fraction of the pitch... Default 0.2.
    pub dup_offset_frac: f32,
    /// ... and their pitches by less than this fraction. Default 0.1.
    pub dup_pitch_frac: f32,
    /// When fitting a proposal's lines, this fraction of the pitch is left out at each end
    /// (where the perpendicular border runs). Default 0.1.
    pub fit_end_inset: f32,
    /// A lattice line joins the fit when its coverage reaches this fraction of
    /// [`Self::min_coverage`]. Default 0.8.
    pub fit_min_coverage_frac: f32,
    /// Largest change of the pitch by the fit, as a fraction of the proposed pitch. Default 0.15.
    pub max_pitch_drift: f32,
    /// Positions whose coverage is within this of the best one form the plateau whose centre is
    /// the line's position. Default 0.02.
    pub plateau_tol: f32,
    /// Cell backgrounds are sampled at these fractions of the pitch from each corner (both
    /// ways: a 3x3 patch per corner). Default `[0.1, 0.15, 0.2]`.
    pub background_insets: [f32; 3],
    /// Chroma up to which a background sample counts as neutral (the stripes LinkedIn draws
    /// over rule-breaking cells are far above; cell tints of other games cover the whole cell,
    /// so they are kept). Default 40.
    pub neutral_chroma: f32,
    /// A board whose median cell luma is at least this is in light mode, else dark. Default 128.
    pub theme_split_luma: f32,
}

impl Default for TangoLocateOptions {
    fn default() -> Self {
        TangoLocateOptions {
            work_max_sides: vec![800, 1600],
            ridge_reach: [2, 4],
            ridge_contrast: 5,
            step_contrast: 8,
            run_gap: 3,
            chain_gap_frac: 1.0,
            min_line_len: 30,
            extent_tol_frac: 0.06,
            pos_tol_frac: 0.08,
            max_lines: 400,
            max_families: 64,
            max_family: 48,
            max_proposals: 2000,
            time_limit_ms: 2000,
            sizes: vec![6, 8],
            inner_line_rel: 0.75,
            inner_line_inset: 0.25,
            max_inner_line_frac: 0.25,
            min_pitch: 12.0,
            min_family_support: 0.5,
            spacing_merge: Some(0.2),
            min_coverage: 0.5,
            min_line_coverage: 0.3,
            segment_inset: 0.12,
            segment_ok: 0.5,
            edge_margin: 0.2,
            extent_window: 8,
            max_overshoot: 0.5,
            min_segment_frac: 0.7,
            max_side_overshoot: 0.5,
            min_outer_segments: 0.5,
            frame_side_ok: 0.85,
            max_aspect_error: 0.06,
            max_bg_chroma: 22.0,
            light_min_luma: 200.0,
            dark_max_luma: 110.0,
            min_tango_cells: 0.95,
            min_theme_cells: 0.75,
            min_score: 0.45,
            max_candidates: 12,
            pick_extent_tol: 0.3,
            pick_pitch_tol: 0.1,
            pick_max_coverage_drop: 0.1,
            min_run: 4,
            dup_offset_frac: 0.2,
            dup_pitch_frac: 0.1,
            fit_end_inset: 0.1,
            fit_min_coverage_frac: 0.8,
            max_pitch_drift: 0.15,
            plateau_tol: 0.02,
            background_insets: [0.1, 0.15, 0.2],
            neutral_chroma: 40.0,
            theme_split_luma: 128.0,
        }
    }
}

/// A located Tango board.
#[derive(Clone, Debug)]
pub struct TangoLattice {
    /// The lattice in original image pixels.
    pub grid: Grid,
    /// Page theme read from the cell backgrounds.
    pub theme: Theme,
    /// Mean ridge coverage of the interior grid lines, 0..=1.
    pub coverage: f32,
    /// Fraction of cells whose background looks like a Tango cell, 0..=1.
    pub tango_cells: f32,
    /// Overall score `coverage * tango_cells`, 0..=1.
    pub score: f32,
    /// Downscale factor of the working image.
    pub scale: u32,
    /// The image edge that cuts the board, when its outer row or column runs out of the image.
    pub cut: Option<Side>,
    /// An outer row or column whose grid lines across it are mostly not seen, if any (its
    /// cells must be givens, see [`Unlined`]).
    pub unlined: Option<Unlined>,
}

/// A line candidate in original image pixels (for the debug view).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FoundLine {
    /// Vertical (else horizontal).
    pub vertical: bool,
    /// Position across the line (x for vertical lines).
    pub pos: f32,
    /// First pixel along the line.
    pub start: f32,
    /// Last pixel along the line.
    pub end: f32,
}

/// What the locator found at one working size: the line candidates and every verified lattice
/// with its scores (best first), whether or not it passes the Tango thresholds.
#[derive(Clone, Debug, Default)]
pub struct LocateSurvey {
    /// Downscale factor of the working image.
    pub scale: u32,
    /// Line candidates.
    pub lines: Vec<FoundLine>,
    /// Verified lattices, best score first.
    pub candidates: Vec<TangoLattice>,
    /// When no candidate is accepted: the lattices proposed by lines sharing one end, their
    /// pitch from their spacing (the locator's second try, taken when no working size gives a
    /// board from `candidates`), best score first.
    pub second: Vec<TangoLattice>,
    /// The time limit was reached before every proposal was verified.
    pub timed_out: bool,
    /// The board found when it runs out of the image (the locator then errs with
    /// [`ReadError::CutOff`]), for a reader of its visible part.
    pub cut_board: Option<TangoLattice>,
}
/// Finds the Tango board. Errors with [`ReadError::NoBoard`] when no lattice with Tango-like
/// cells is found.
pub fn locate_tango(img: &RgbImage, opts: &TangoLocateOptions) -> Result<TangoLattice, ReadError> {
    locate_tango_traced(img, opts).0
}

/// [`locate_tango`], also returning the survey that decided: the working size at which the
/// board was found, or the first one when none was.
pub fn locate_tango_traced(
    img: &RgbImage,
    opts: &TangoLocateOptions,
) -> (Result<TangoLattice, ReadError>, LocateSurvey) {
    let deadline = Instant::now() + Duration::from_millis(opts.time_limit_ms);
    let mut last_scale = 0;
    let mut surveys: Vec<LocateSurvey> = Vec::new();
    // The board of a survey's lattices (its candidates, or its second try's), with the survey.
    let found = |second: bool, survey: &LocateSurvey| {
        let from = if second {
            &survey.second
        } else {
            &survey.candidates
        };
        pick(
            from.iter().filter(|l| accepted(l, opts)).cloned().collect(),
            opts,
        )
    };
    let answer = |best: TangoLattice, survey: LocateSurvey| match best.cut {
        Some(side) => (
            Err(ReadError::CutOff { side }),
            LocateSurvey {
                cut_board: Some(best),
                ..survey
            },
        ),
        None => (Ok(best), survey),
    };
    for &side in &opts.work_max_sides {
        let scale = work_scale(img, side);
        if scale == last_scale {
            continue;
        }
        last_scale = scale;
        if Instant::now() >= deadline {
            return (
                deadline_error(opts),
                surveys.into_iter().next().unwrap_or_default(),
            );
        }
        let survey = survey_at(img, opts, side, Some(deadline));
        let timed_out = survey.timed_out;
        if let Some(best) = found(false, &survey) {
            return answer(best, survey);
        }
        if timed_out {
            let first = surveys.into_iter().next().unwrap_or(survey);
            return (deadline_error(opts), first);
        }
        surveys.push(survey);
    }
    // The second try, working sizes in the same order.
    if let Some((i, best)) = surveys
        .iter()
        .enumerate()
        .find_map(|(i, s)| found(true, s).map(|b| (i, b)))
    {
        return answer(best, surveys.swap_remove(i));
    }
    (
        Err(ReadError::NoBoard("no Tango grid found".into())),
        surveys.into_iter().next().unwrap_or_default(),
    )
}

/// The error of a locator that ran out of time.
fn deadline_error<T>(opts: &TangoLocateOptions) -> Result<T, ReadError> {
    Err(ReadError::Deadline {
        stage: "Tango locator",
        limit_ms: opts.time_limit_ms,
    })
}

/// The best-scoring candidate, replaced by an accepted lattice with more rows that covers it at
/// the same pitch or an integer fraction of it: a part of a board scores as well as the whole
/// board, and a lattice that skips every other line (twice the true pitch) finds real lines
/// everywhere it looks. The finest lattice consistent with the lines and the largest extent win;
/// a finer lattice must find its extra lines about as well covered as the coarser one's (half
/// pitch lattices through the icons in the middle of the cells find them only in part).
fn pick(mut found: Vec<TangoLattice>, opts: &TangoLocateOptions) -> Option<TangoLattice> {
    found.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut best = 0;
    loop {
        let b = found.get(best)?.grid;
        let b_cov = found[best].coverage;
        let finer = found.iter().enumerate().find(|(_, c)| {
            let g = c.grid;
            let tol = opts.pick_extent_tol * g.cell_w;
            let ratio = b.cell_w / g.cell_w;
            let k = ratio.round();
            g.rows > b.rows
                && k >= 1.0
                && (ratio - k).abs() <= opts.pick_pitch_tol * k
                && (k < 2.0 || c.coverage >= b_cov - opts.pick_max_coverage_drop)
                && g.left <= b.left + tol
                && g.top <= b.top + tol
                && g.left + g.width() >= b.left + b.width() - tol
                && g.top + g.height() >= b.top + b.height() - tol
        });
        match finer {
            Some((i, _)) => best = i,
            None => return Some(found.swap_remove(best)),
        }
    }
}

/// Whether a candidate passes the Tango thresholds.
pub fn accepted(l: &TangoLattice, opts: &TangoLocateOptions) -> bool {
    l.score >= opts.min_score && l.tango_cells >= opts.min_tango_cells
}

/// The downscale factor used for a working side.
fn work_scale(img: &RgbImage, max_side: u32) -> u32 {
    let (w0, h0) = img.dimensions();
    w0.max(h0).div_ceil(max_side.max(1)).max(1)
}

/// How Tango-like the image is: the best board's score in 0..=1 (0 when no lattice with
/// Tango-like cells is found) and its grid. A caller deciding between games compares this with
/// the Queens locator's score.
pub fn tango_likeness(img: &RgbImage, opts: &TangoLocateOptions) -> (f32, Option<Grid>) {
    match locate_tango(img, opts) {
        Ok(l) => (l.score, Some(l.grid)),
        Err(_) => (0.0, None),
    }
}

/// The line candidates and verified lattices at one working size (see [`LocateSurvey`]); the
/// verification stops at `deadline` ([`LocateSurvey::timed_out`]).
pub fn survey_at(
    img: &RgbImage,
    opts: &TangoLocateOptions,
    max_side: u32,
    deadline: Option<Instant>,
) -> LocateSurvey {
    let (w0, h0) = img.dimensions();
    if w0 < 16 || h0 < 16 {
        return LocateSurvey::default();
    }
    let work = WorkImage::new(img, max_side);
    let rd = ridges(&work, opts);
    let (w, h) = (rd.w, rd.h);
    let vl = line_candidates(w, h, |x, y| rd.v[y * w + x], opts);
    let hl = line_candidates(h, w, |y, x| rd.hz[y * w + x], opts);
    let lines: Vec<FoundLine> = vl
        .iter()
        .map(|l| (true, l))
        .chain(hl.iter().map(|l| (false, l)))
        .map(|(vertical, l)| FoundLine {
            vertical,
            pos: work.to_orig(l.pos),
            start: work.to_orig(l.start),
            end: work.to_orig(l.end),
        })
        .collect();
    let mut timed_out = false;
    let mut out = verify(
        img,
        &work,
        &rd,
        proposals(&vl, &hl, proposals_from, opts),
        deadline,
        &mut timed_out,
        opts,
    );
    let mut second = Vec::new();
    if !timed_out && opts.spacing_merge.is_some() && !out.iter().any(|l| accepted(l, opts)) {
        // Second try: lines sharing one end, the pitch from their spacing.
        second = verify(
            img,
            &work,
            &rd,
            proposals(&vl, &hl, spacing_proposals, opts),
            deadline,
            &mut timed_out,
            opts,
        );
        second.sort_by(|a, b| b.score.total_cmp(&a.score));
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    LocateSurvey {
        scale: work.scale,
        lines,
        candidates: out,
        second,
        timed_out,
        cut_board: None,
    }
}

/// A source of lattice proposals from line candidates ([`proposals_from`],
/// [`spacing_proposals`]): `(origin across, origin along, pitch, n, support)` each.
type Proposer = fn(&[Line], &TangoLocateOptions) -> Vec<(f32, f32, f32, usize, usize)>;

/// Lattice proposals from the vertical and horizontal line candidates by `from`, best
/// supported first, near-duplicates dropped.
fn proposals(vl: &[Line], hl: &[Line], from: Proposer, opts: &TangoLocateOptions) -> Vec<Proposal> {
    let mut props: Vec<(Proposal, usize)> = Vec::new();
    for (o, s, p, n, c) in from(vl, opts) {
        props.push((
            Proposal {
                left: o,
                top: s,
                pitch: p,
                n,
            },
            c,
        ));
    }
    for (o, s, p, n, c) in from(hl, opts) {
        props.push((
            Proposal {
                left: s,
                top: o,
                pitch: p,
                n,
            },
            c,
        ));
    }
    // Best supported first; drop near-duplicates.
    props.sort_by(|a, b| {
        (b.1 as f32 / (b.0.n - 1) as f32)
            .total_cmp(&(a.1 as f32 / (a.0.n - 1) as f32))
            .then(b.1.cmp(&a.1))
    });
    props.truncate(opts.max_proposals);
    let mut uniq: Vec<Proposal> = Vec::new();
    for (p, _) in props {
        let dup = uniq.iter().any(|q| {
            q.n == p.n
                && (q.left - p.left).abs() < opts.dup_offset_frac * p.pitch
                && (q.top - p.top).abs() < opts.dup_offset_frac * p.pitch
                && (q.pitch - p.pitch).abs() < opts.dup_pitch_frac * p.pitch
        });
        if !dup {
            uniq.push(p);
        }
    }
    uniq
}

/// Verifies proposals (refined, the board's extent found, inside the image) into scored
/// lattices; stops at `deadline` (setting `timed_out`) or after `max_candidates`.
fn verify(
    img: &RgbImage,
    work: &WorkImage,
    rd: &Ridges,
    uniq: Vec<Proposal>,
    deadline: Option<Instant>,
    timed_out: &mut bool,
    opts: &TangoLocateOptions,
) -> Vec<TangoLattice> {
    let (w0, h0) = img.dimensions();
    let mut out: Vec<TangoLattice> = Vec::new();
    let mut seen: Vec<(f32, f32, f32, usize)> = Vec::new();
    for p in uniq.into_iter().take(opts.max_candidates * 4) {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            *timed_out = true;
            break;
        }
        let Some(((ox, oy, qx, qy), _)) = refine(rd, p, opts) else {
            continue;
        };
        let Some(block) = extent(rd, (ox, oy, qx, qy), p.n, opts) else {
            continue;
        };
        let (ox, oy, qx, qy, n, cov) = (
            block.left,
            block.top,
            block.pitch_x,
            block.pitch_y,
            block.n,
            block.coverage,
        );
        if seen
            .iter()
            .any(|&(l, t, q, m)| m == n && (l - ox).abs() < 0.2 * q && (t - oy).abs() < 0.2 * q)
        {
            continue;
        }
        seen.push((ox, oy, qx, n));
        let s = work.scale as f32;
        let grid = Grid {
            rows: n,
            cols: n,
            left: work.to_orig(ox),
            top: work.to_orig(oy),
            cell_w: qx * s,
            cell_h: qy * s,
        };
        // A whole board lies within the image (up to half a cell); a cut one within a cell.
        let slack = if block.cut.is_some() { 1.0 } else { 0.5 };
        if grid.left < -slack * grid.cell_w
            || grid.top < -slack * grid.cell_h
            || grid.left + grid.width() > w0 as f32 + slack * grid.cell_w
            || grid.top + grid.height() > h0 as f32 + slack * grid.cell_h
        {
            continue;
        }
        let (tc, theme) = tango_cells(img, &grid, opts);
        out.push(TangoLattice {
            grid,
            theme,
            coverage: cov,
            tango_cells: tc,
            score: cov.min(1.0) * tc,
            scale: work.scale,
            cut: block.cut,
            unlined: block.unlined,
        });
        if out.len() >= opts.max_candidates {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// Draws a synthetic Tango-like board: white cells, light lines, a few grey givens.
    pub(crate) fn synth(
        w: u32,
        h: u32,
        left: u32,
        top: u32,
        pitch: u32,
        n: u32,
        dark: bool,
    ) -> RgbImage {
        let (page, cell, given, line) = if dark {
            (
                [20u8, 22, 25],
                [28u8, 30, 33],
                [60u8, 62, 66],
                [80u8, 90, 100],
            )
        } else {
            (
                [243u8, 242, 238],
                [255u8, 255, 255],
                [238u8, 235, 231],
                [222u8, 216, 208],
            )
        };
        let mut img = RgbImage::from_pixel(w, h, Rgb(page));
        for y in 0..n * pitch + 1 {
            for x in 0..n * pitch + 1 {
                let (cx, cy) = (x / pitch, y / pitch);
                let on_line = x % pitch == 0 || y % pitch == 0;
                let col = if on_line {
                    line
                } else if (cx + cy) % 5 == 0 {
                    given
                } else {
                    cell
                };
                img.put_pixel(left + x, top + y, Rgb(col));
            }
        }
        img
    }

    #[test]
    fn finds_a_synthetic_board_with_margin() {
        let img = synth(400, 300, 57, 31, 40, 6, false);
        let l = locate_tango(&img, &TangoLocateOptions::default()).expect("board");
        assert_eq!(l.grid.rows, 6);
        assert!((l.grid.left - 57.0).abs() < 2.0, "{:?}", l.grid);
        assert!((l.grid.top - 31.0).abs() < 2.0, "{:?}", l.grid);
        assert!((l.grid.cell_w - 40.0).abs() < 0.5, "{:?}", l.grid);
        assert_eq!(l.theme, Theme::Light);
    }

    #[test]
    fn finds_an_8x8_dark_board() {
        let img = synth(500, 420, 20, 40, 45, 8, true);
        let l = locate_tango(&img, &TangoLocateOptions::default()).expect("board");
        assert_eq!(l.grid.rows, 8);
        assert_eq!(l.theme, Theme::Dark);
    }

    /// The board box of `img` with `cut` of the first column's width removed on the left.
    fn cut_left(img: &RgbImage, grid: &Grid, cut: f32) -> RgbImage {
        let x0 = (grid.left + cut * grid.cell_w).round() as u32;
        let x1 = (grid.left + grid.width()).round() as u32 + 1;
        let (y0, y1) = (
            grid.top.round() as u32,
            (grid.top + grid.height()).round() as u32 + 1,
        );
        image::imageops::crop_imm(img, x0, y0, x1 - x0, y1 - y0).to_image()
    }

    #[test]
    fn a_synthetic_board_cut_at_the_left_edge_is_cut_off() {
        let img = synth(400, 300, 57, 31, 40, 6, false);
        let opts = TangoLocateOptions::default();
        let grid = locate_tango(&img, &opts).expect("board").grid;
        let cut = cut_left(&img, &grid, 0.35);
        match locate_tango(&cut, &opts) {
            Err(ReadError::CutOff { side }) => assert_eq!(side, Side::Left),
            other => panic!("expected a cut-off board, got {other:?}"),
        }
        // Even when 4x4 boards are accepted, the cut 6x6 is not read as 4x4 of 1.5-cell blocks.
        let wide = TangoLocateOptions {
            sizes: vec![4, 6, 8],
            ..TangoLocateOptions::default()
        };
        if let Ok(l) = locate_tango(&cut, &wide) {
            panic!("a cut board read as {:?}", l.grid);
        }
    }

    #[test]
    fn a_rendered_board_cut_at_the_left_edge_is_cut_off() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/tango-6x6-light-none-raw.png"
        );
        let img = image::open(path).expect("fixture").to_rgb8();
        let opts = TangoLocateOptions::default();
        let grid = locate_tango(&img, &opts).expect("board").grid;
        let cut = cut_left(&img, &grid, 0.35);
        assert!(
            matches!(
                locate_tango(&cut, &opts),
                Err(ReadError::CutOff { side: Side::Left })
            ),
            "{:?}",
            locate_tango(&cut, &opts).map(|l| l.grid)
        );
        let full = cut_left(&img, &grid, 0.0);
        assert_eq!(
            locate_tango(&full, &opts).expect("whole board").grid.rows,
            6
        );
    }

    #[test]
    fn the_time_limit_is_its_own_error() {
        let img = synth(400, 300, 57, 31, 40, 6, false);
        let opts = TangoLocateOptions {
            time_limit_ms: 0,
            ..TangoLocateOptions::default()
        };
        assert!(matches!(
            locate_tango(&img, &opts),
            Err(ReadError::Deadline { limit_ms: 0, .. })
        ));
    }

    #[test]
    fn a_lattice_coarser_than_its_lines_is_no_board() {
        // Only 4x4 boards accepted: a 6x6 board has no 4x4 of 1.5-cell blocks, nor any part of
        // it (an inner 4x4 block has lines running on past its border).
        let img = synth(400, 300, 57, 31, 40, 6, false);
        let four = TangoLocateOptions {
            sizes: vec![4],
            ..TangoLocateOptions::default()
        };
        if let Ok(l) = locate_tango(&img, &four) {
            panic!("a 6x6 board read as {:?}", l.grid);
        }
        // With 4x4 boards accepted too, an 8x8 board still reads as 8x8, not as 4x4 of 2x2 blocks.
        let img = synth(500, 420, 20, 40, 45, 8, true);
        let wide = TangoLocateOptions {
            sizes: vec![4, 6, 8],
            ..TangoLocateOptions::default()
        };
        assert_eq!(locate_tango(&img, &wide).expect("board").grid.rows, 8);
    }

    fn located(n: usize, left: f32, top: f32, pitch: f32, coverage: f32) -> TangoLattice {
        TangoLattice {
            grid: Grid {
                rows: n,
                cols: n,
                left,
                top,
                cell_w: pitch,
                cell_h: pitch,
            },
            theme: Theme::Light,
            coverage,
            tango_cells: 1.0,
            score: coverage,
            scale: 1,
            cut: None,
            unlined: None,
        }
    }

    #[test]
    fn pick_prefers_the_finest_lattice_with_its_lines_present() {
        let opts = TangoLocateOptions::default();
        // An 8x8 board also reads as a 4x4 lattice on every other line, scoring a little higher.
        let found = vec![
            located(4, 17.3, 18.8, 104.1, 0.997),
            located(8, 18.3, 18.4, 51.8, 0.987),
        ];
        assert_eq!(pick(found, &opts).unwrap().grid.rows, 8);
        // A half-pitch lattice through the icons of a 6x6 board finds half its lines only.
        let found = vec![
            located(6, 12.7, 13.6, 52.9, 0.993),
            located(12, 14.2, 15.3, 26.3, 0.714),
        ];
        assert_eq!(pick(found, &opts).unwrap().grid.rows, 6);
        // A 6x6 part of an 8x8 board at the same pitch gives way to the whole board.
        let found = vec![
            located(6, 70.0, 70.0, 50.0, 0.99),
            located(8, 20.0, 20.0, 50.0, 0.95),
        ];
        assert_eq!(pick(found, &opts).unwrap().grid.rows, 8);
    }

    #[test]
    fn blank_and_tiny_images_have_no_board() {
        let img = RgbImage::from_pixel(300, 200, Rgb([255, 255, 255]));
        assert!(matches!(
            locate_tango(&img, &TangoLocateOptions::default()),
            Err(ReadError::NoBoard(_))
        ));
        let img = RgbImage::from_pixel(3, 2, Rgb([255, 255, 255]));
        assert!(locate_tango(&img, &TangoLocateOptions::default()).is_err());
    }

    #[test]
    fn coloured_cells_are_not_tango() {
        let mut img = synth(400, 300, 57, 31, 40, 6, false);
        for p in img.pixels_mut() {
            if p.0 == [255, 255, 255] {
                *p = Rgb([150, 190, 255]);
            }
        }
        assert!(locate_tango(&img, &TangoLocateOptions::default()).is_err());
    }
}
