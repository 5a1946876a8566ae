//! Stage 3 (Tango): read cells and markers on a located board.
//!
//! Every measurement is relative to the board itself:
//! - **given vs placed**: each cell's background (median of its corner patches) is split into two
//!   luma clusters; in light mode the darker cluster is the grey locked givens, in dark mode the
//!   lighter one. No split (all cells alike) means no givens.
//! - **empty vs symbol**: the fraction of pixels in the cell's central disc that differ from the
//!   cell's own background.
//! - **sun vs moon**: a small colour histogram of the icon pixels (warm hues, blue hues, dark,
//!   light); icons are grouped in two clusters and the warmer cluster is the sun. Themed days
//!   replace the icons, so the clusters, not fixed colours, decide (the label is compared up to an
//!   S/M swap); when all icons are alike, their warmth decides.
//! - **markers**: a patch around the middle of every shared edge is normalised by its own
//!   contrast; a glyph whose rows hold long horizontal strokes is `=`, one made of short diagonal
//!   strokes is `x`. Dark blobs reaching the patch border (a mouse pointer) are doubted.

use super::ReadError;
use super::locate::{self, LocateOptions, Located, chroma, luma, pixel};
use crate::board::{Doubt, Grid, Placed, Reading, Theme};
use crate::puzzle::{Edge, Marker, Pos, Puzzle, Symbol, Tango};
use image::RgbImage;

/// Tunables of the Tango cell and marker reader.
#[derive(Clone, Debug)]
pub struct TangoReadOptions {
    /// Board locator options.
    pub locate: LocateOptions,
    /// Least luma difference between the grey given cells and the other cells. Default 6.
    pub given_min_contrast: f32,
    /// A cell whose corner samples are more than this fraction strongly coloured is covered by
    /// an overlay (red stripes over rule-breaking cells). Default 0.05.
    pub overlay_max_frac: f32,
    /// Given/placed confidence of such a covered cell (below `doubt_below`, so it is reported).
    /// Default 0.2.
    pub overlay_given_conf: f32,
    /// Radius of the icon disc sampled in each cell, as a fraction of the pitch. Default 0.3.
    pub icon_radius: f32,
    /// Samples across the icon disc diameter. Default 24.
    pub icon_samples: usize,
    /// A pixel belongs to the icon when a channel differs from the cell background by this much.
    /// Default 45.
    pub icon_delta: f32,
    /// A cell holds a symbol when at least this fraction of its disc is icon. Default 0.14.
    pub icon_min_frac: f32,
    /// Below this fraction the cell is surely empty; between it and `icon_min_frac` the read is
    /// doubted. Default 0.06.
    pub icon_empty_frac: f32,
    /// Chroma from which an icon pixel counts as coloured (hue bins). Default 40.
    pub hue_min_chroma: f32,
    /// Least L1 distance of the two icon cluster centres to call them two symbols. Default 0.6.
    pub cluster_min_separation: f32,
    /// Least mean share of coloured pixels in the icons of a board (sun and moon are orange and
    /// blue; themed icons are coloured too; digits or letters are not). Default 0.25.
    pub min_icon_colour: f32,
    /// Half size of the marker patch, as a fraction of the pitch. Default 0.18.
    pub marker_radius: f32,
    /// Samples across the marker patch. Default 21.
    pub marker_samples: usize,
    /// Least contrast (grey levels) of a marker glyph against the cell background. Default 45.
    pub marker_min_contrast: f32,
    /// Pixels with a larger chroma are not marker ink (the ink is a greyish brown). Default 80.
    pub marker_max_chroma: f32,
    /// A sample above [`Self::marker_max_chroma`] counts as coloured only when at least this
    /// many of its 8 neighbours are above it too: stripes and rings are coloured areas, while
    /// JPEG chroma noise on the brown ink gives isolated spikes. Default 2.
    pub marker_colour_support: usize,
    /// Samples within this many steps of a strongly coloured sample are not ink either.
    /// Default 2.
    pub marker_colour_reach: usize,
    /// Largest width/height (or height/width) ratio of a glyph's bounding box; `=` measures up
    /// to about 2, `x` about 1. Default 3.
    pub marker_max_aspect: f32,
    /// Smallest glyph bounding box (its larger side), as a fraction of the patch side. Default 0.25.
    pub marker_min_extent: f32,
    /// Glyph pixels are those above this fraction of the patch's strongest contrast (grid lines
    /// stay below). Default 0.5.
    pub marker_level: f32,
    /// Shape score (ink at the middle of the top and bottom strokes minus ink at the centre,
    /// relative to the glyph contrast, -1..=1) at or above which a glyph is `=`; below, `x`.
    /// Default 0.
    pub marker_shape_split: f32,
    /// Largest offset of the glyph's centre from the edge midpoint, as a fraction of the patch
    /// half size. Default 0.5.
    pub marker_max_offset: f32,
    /// Largest glyph bounding box, as a fraction of the patch side. Bigger dark blobs (a mouse
    /// pointer) are not read as markers. Default 0.9.
    pub marker_max_extent: f32,
    /// Confidence of a glyph read after dropping something that reached into the patch from
    /// outside (a pointer). Default 0.3.
    pub marker_intruder_conf: f32,
    /// Reads with a confidence below this are listed as doubts. Default 0.5.
    pub doubt_below: f32,
}

impl Default for TangoReadOptions {
    fn default() -> Self {
        TangoReadOptions {
            locate: LocateOptions::default(),
            given_min_contrast: 6.0,
            overlay_max_frac: 0.05,
            overlay_given_conf: 0.2,
            icon_radius: 0.3,
            icon_samples: 24,
            icon_delta: 45.0,
            icon_min_frac: 0.14,
            icon_empty_frac: 0.06,
            hue_min_chroma: 40.0,
            cluster_min_separation: 0.6,
            min_icon_colour: 0.25,
            marker_radius: 0.18,
            marker_samples: 21,
            marker_min_contrast: 45.0,
            marker_level: 0.5,
            marker_colour_reach: 2,
            marker_min_extent: 0.25,
            marker_max_aspect: 3.0,
            marker_max_chroma: 80.0,
            marker_colour_support: 2,
            marker_shape_split: 0.0,
            marker_max_offset: 0.5,
            marker_max_extent: 0.9,
            marker_intruder_conf: 0.3,
            doubt_below: 0.5,
        }
    }
}

/// Number of bins of the icon colour histogram.
pub const ICON_BINS: usize = 7;

/// What was measured in one cell.
#[derive(Clone, Debug)]
pub struct CellRead {
    /// Cell.
    pub pos: Pos,
    /// Background colour (median of the corner patches).
    pub bg: [f32; 3],
    /// Locked given cell (grey background).
    pub given: bool,
    /// Confidence of `given`, 0..=1.
    pub given_conf: f32,
    /// Fraction of strongly coloured background samples (an overlay over the cell).
    pub overlay: f32,
    /// Fraction of the icon disc that differs from the background.
    pub icon_frac: f32,
    /// Icon colour histogram (red-orange, yellow, green, blue, purple, dark, light).
    pub hist: [f32; ICON_BINS],
    /// Symbol read, if any.
    pub symbol: Option<Symbol>,
    /// Confidence of the symbol / empty read, 0..=1.
    pub conf: f32,
}

/// What was measured on one edge.
#[derive(Clone, Debug)]
pub struct EdgeRead {
    /// Edge.
    pub edge: Edge,
    /// Strongest contrast in the patch (grey levels).
    pub contrast: f32,
    /// Chroma of the glyph's strongest sample (0 when no glyph).
    pub ink_chroma: f32,
    /// Glyph bounding box width / height (0 when no glyph).
    pub aspect: f32,
    /// Shape score: positive for `=`, negative for `x` (see [`TangoReadOptions::marker_shape_split`]).
    pub stroke_ratio: f32,
    /// Marker read.
    pub marker: Option<Marker>,
    /// Confidence, 0..=1.
    pub conf: f32,
}

/// Everything the reader measured (for the debug view and tests).
#[derive(Clone, Debug)]
pub struct TangoDetail {
    /// The located board.
    pub located: Located,
    /// Per cell, row-major.
    pub cells: Vec<CellRead>,
    /// Per edge.
    pub edges: Vec<EdgeRead>,
}

/// Reads a Tango puzzle from a screenshot.
pub fn read_tango(img: &RgbImage, opts: &TangoReadOptions) -> Result<Reading, ReadError> {
    Ok(read_tango_detail(img, opts)?.0)
}

/// Reads a Tango puzzle and returns the measurements too.
pub fn read_tango_detail(
    img: &RgbImage,
    opts: &TangoReadOptions,
) -> Result<(Reading, TangoDetail), ReadError> {
    let located = locate::locate_tango(img, &opts.locate)?;
    let (reading, cells, edges) = read_on_grid(img, &located.grid, located.theme, opts)?;
    check_icons(&cells, opts)?;
    Ok((
        reading,
        TangoDetail {
            located,
            cells,
            edges,
        },
    ))
}

/// Refuses a lattice whose cells do not hold Tango icons: a lattice of neutral cells is not
/// enough (digits of a sudoku or an empty table are not a Tango puzzle).
pub fn check_icons(cells: &[CellRead], opts: &TangoReadOptions) -> Result<(), ReadError> {
    let filled: Vec<&CellRead> = cells.iter().filter(|c| c.symbol.is_some()).collect();
    if filled.is_empty() {
        return Err(ReadError::NoBoard("the grid holds no Tango symbols".into()));
    }
    let colour = filled
        .iter()
        .map(|c| 1.0 - c.hist[5] - c.hist[6])
        .sum::<f32>()
        / filled.len() as f32;
    if colour < opts.min_icon_colour {
        return Err(ReadError::NoBoard(
            "the grid's symbols are not Tango icons".into(),
        ));
    }
    Ok(())
}

/// Reads cells and markers on a known grid.
pub fn read_on_grid(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    opts: &TangoReadOptions,
) -> Result<(Reading, Vec<CellRead>, Vec<EdgeRead>), ReadError> {
    let mut cells = read_cells(img, grid, theme, opts);
    classify_symbols(&mut cells, opts);
    let edges: Vec<EdgeRead> = {
        let t = Tango::empty(grid.rows, grid.cols);
        t.edges()
            .map(|e| {
                let mut r = read_edge(img, grid, theme, &cells, e, opts);
                let (a, b) = e.cells();
                let covered = [a, b]
                    .iter()
                    .any(|p| cells[p.index(grid.cols)].overlay > opts.overlay_max_frac);
                if covered {
                    // Stripes over a neighbouring cell can hide or fake a glyph.
                    r.conf = r.conf.min(opts.overlay_given_conf);
                }
                r
            })
            .collect()
    };
    let mut puzzle = Tango::empty(grid.rows, grid.cols);
    let mut placed = Vec::new();
    let mut doubts = Vec::new();
    let mut min_conf = 1.0f32;
    for c in &cells {
        match (c.symbol, c.given) {
            (Some(s), true) => puzzle.set_given(c.pos, Some(s)),
            (Some(s), false) => placed.push(Placed::Symbol {
                pos: c.pos,
                symbol: s,
            }),
            (None, _) => {}
        }
        let conf = c.conf.min(c.given_conf);
        min_conf = min_conf.min(conf);
        if conf < opts.doubt_below {
            doubts.push(Doubt::Cell {
                pos: c.pos,
                confidence: conf,
            });
        }
    }
    for e in &edges {
        if let Some(m) = e.marker {
            puzzle.set_marker(e.edge, Some(m));
        }
        min_conf = min_conf.min(e.conf);
        if e.conf < opts.doubt_below {
            doubts.push(Doubt::Edge {
                edge: e.edge,
                confidence: e.conf,
            });
        }
    }
    doubts.sort_by(|a, b| doubt_conf(a).total_cmp(&doubt_conf(b)));
    Ok((
        Reading {
            puzzle: Puzzle::Tango(puzzle),
            grid: *grid,
            theme,
            placed,
            doubts,
            min_confidence: min_conf,
        },
        cells,
        edges,
    ))
}

fn doubt_conf(d: &Doubt) -> f32 {
    match *d {
        Doubt::Cell { confidence, .. } | Doubt::Edge { confidence, .. } => confidence,
    }
}

/// Backgrounds, given split and icon measurements of every cell.
fn read_cells(img: &RgbImage, grid: &Grid, theme: Theme, opts: &TangoReadOptions) -> Vec<CellRead> {
    let mut cells = Vec::with_capacity(grid.rows * grid.cols);
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            let (bg, overlay) = locate::cell_background_ex(img, grid, r, c);
            let (icon_frac, hist) = icon(img, grid, Pos::new(r, c), bg, opts);
            cells.push(CellRead {
                pos: Pos::new(r, c),
                bg,
                given: false,
                given_conf: 1.0,
                overlay,
                icon_frac,
                hist,
                symbol: None,
                conf: 1.0,
            });
        }
    }
    // Given split: two luma clusters (Otsu), oriented by the theme.
    let lumas: Vec<f32> = cells.iter().map(|c| luma(c.bg)).collect();
    if let Some((thr, lo_mean, hi_mean)) = two_means_1d(&lumas)
        && hi_mean - lo_mean >= opts.given_min_contrast
    {
        let half = (hi_mean - lo_mean) / 2.0;
        for (c, &l) in cells.iter_mut().zip(&lumas) {
            c.given = match theme {
                Theme::Light => l < thr,
                Theme::Dark => l > thr,
            };
            c.given_conf = ((l - thr).abs() / half).min(1.0);
        }
    }
    // (Otherwise all backgrounds are alike: no givens.)
    for c in cells.iter_mut() {
        if c.overlay > opts.overlay_max_frac {
            // Stripes or another overlay cover the background: given or not is a guess.
            c.given_conf = c.given_conf.min(opts.overlay_given_conf);
        }
    }
    cells
}

/// Otsu split of 1-D values: `(threshold, mean below, mean above)`.
fn two_means_1d(v: &[f32]) -> Option<(f32, f32, f32)> {
    if v.len() < 2 {
        return None;
    }
    let mut s = v.to_vec();
    s.sort_by(f32::total_cmp);
    let total: f32 = s.iter().sum();
    let n = s.len() as f32;
    let mut best: Option<(f32, f32, f32, f32)> = None;
    let mut acc = 0.0;
    for i in 1..s.len() {
        acc += s[i - 1];
        let (n0, n1) = (i as f32, n - i as f32);
        let (m0, m1) = (acc / n0, (total - acc) / n1);
        let between = n0 * n1 * (m1 - m0) * (m1 - m0);
        if best.is_none_or(|b| between > b.0) {
            best = Some((between, (s[i - 1] + s[i]) / 2.0, m0, m1));
        }
    }
    best.map(|b| (b.1, b.2, b.3))
}

/// Icon pixel fraction and colour histogram of a cell's central disc.
fn icon(
    img: &RgbImage,
    grid: &Grid,
    p: Pos,
    bg: [f32; 3],
    opts: &TangoReadOptions,
) -> (f32, [f32; ICON_BINS]) {
    let (cx, cy) = grid.center(p);
    let rad = opts.icon_radius * grid.cell_w.min(grid.cell_h);
    let n = opts.icon_samples.max(4);
    let step = 2.0 * rad / n as f32;
    let bg_l = luma(bg);
    let mut hist = [0.0f32; ICON_BINS];
    let (mut total, mut inside) = (0usize, 0usize);
    for j in 0..=n {
        for i in 0..=n {
            let dx = -rad + i as f32 * step;
            let dy = -rad + j as f32 * step;
            if dx * dx + dy * dy > rad * rad {
                continue;
            }
            total += 1;
            let px = pixel(img, cx + dx, cy + dy);
            let diff = (0..3).map(|k| (px[k] - bg[k]).abs()).fold(0.0, f32::max);
            if diff < opts.icon_delta {
                continue;
            }
            inside += 1;
            hist[colour_bin(px, bg_l, opts.hue_min_chroma)] += 1.0;
        }
    }
    if inside > 0 {
        for h in hist.iter_mut() {
            *h /= inside as f32;
        }
    }
    (inside as f32 / total.max(1) as f32, hist)
}

/// Bin of an icon pixel: hue sectors for coloured pixels, dark / light for grey ones.
fn colour_bin(p: [f32; 3], bg_luma: f32, min_chroma: f32) -> usize {
    if chroma(p) < min_chroma {
        return if luma(p) < bg_luma { 5 } else { 6 };
    }
    let h = hue(p);
    if !(50.0..330.0).contains(&h) {
        0 // red-orange
    } else if h < 75.0 {
        1 // yellow
    } else if h < 170.0 {
        2 // green
    } else if h < 260.0 {
        3 // blue
    } else {
        4 // purple
    }
}

/// Hue in degrees.
fn hue(p: [f32; 3]) -> f32 {
    let (r, g, b) = (p[0], p[1], p[2]);
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let d = max - min;
    if d <= 0.0 {
        return 0.0;
    }
    let h = if max == r {
        60.0 * (((g - b) / d).rem_euclid(6.0))
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    h.rem_euclid(360.0)
}

/// Warmth of an icon histogram: warm share minus blue share, -1..=1.
fn warmth(h: &[f32; ICON_BINS]) -> f32 {
    h[0] + h[1] - h[3]
}

fn l1(a: &[f32; ICON_BINS], b: &[f32; ICON_BINS]) -> f32 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum()
}

/// Empty / sun / moon for every cell.
fn classify_symbols(cells: &mut [CellRead], opts: &TangoReadOptions) {
    let span = (opts.icon_min_frac - opts.icon_empty_frac).max(1e-3);
    let mut filled = Vec::new();
    for (i, c) in cells.iter_mut().enumerate() {
        if c.icon_frac >= opts.icon_min_frac {
            filled.push(i);
            c.conf = ((c.icon_frac - opts.icon_empty_frac) / span - 1.0).clamp(0.0, 1.0);
        } else {
            c.symbol = None;
            c.conf = ((opts.icon_min_frac - c.icon_frac) / span).clamp(0.0, 1.0);
        }
    }
    if filled.is_empty() {
        return;
    }
    // Two-means over the icon histograms, seeded with the warmest and the coolest icon.
    let warm_of = |i: usize| warmth(&cells[i].hist);
    let a = *filled
        .iter()
        .max_by(|&&x, &&y| warm_of(x).total_cmp(&warm_of(y)))
        .expect("non-empty");
    let b = *filled
        .iter()
        .min_by(|&&x, &&y| warm_of(x).total_cmp(&warm_of(y)))
        .expect("non-empty");
    let mut centres = [cells[a].hist, cells[b].hist];
    let mut assign = vec![0usize; filled.len()];
    for _ in 0..10 {
        for (k, &i) in filled.iter().enumerate() {
            assign[k] =
                usize::from(l1(&cells[i].hist, &centres[1]) < l1(&cells[i].hist, &centres[0]));
        }
        for (cl, centre) in centres.iter_mut().enumerate() {
            let members: Vec<usize> = filled
                .iter()
                .zip(&assign)
                .filter(|&(_, &a)| a == cl)
                .map(|(&i, _)| i)
                .collect();
            if members.is_empty() {
                continue;
            }
            let mut m = [0.0f32; ICON_BINS];
            for &i in &members {
                for (mk, hk) in m.iter_mut().zip(&cells[i].hist) {
                    *mk += hk / members.len() as f32;
                }
            }
            *centre = m;
        }
    }
    let separated = l1(&centres[0], &centres[1]) >= opts.cluster_min_separation
        && assign.contains(&0)
        && assign.contains(&1);
    if separated {
        let sun_cluster = if warmth(&centres[0]) >= warmth(&centres[1]) {
            0
        } else {
            1
        };
        for (k, &i) in filled.iter().enumerate() {
            let d_own = l1(&cells[i].hist, &centres[assign[k]]);
            let d_other = l1(&cells[i].hist, &centres[1 - assign[k]]);
            let c = &mut cells[i];
            c.symbol = Some(if assign[k] == sun_cluster {
                Symbol::Sun
            } else {
                Symbol::Moon
            });
            let sym_conf = ((d_other - d_own) / (d_other + d_own).max(1e-3)).clamp(0.0, 1.0);
            c.conf = c.conf.min(sym_conf * 2.0).min(1.0);
        }
    } else {
        for &i in &filled {
            let w = warmth(&cells[i].hist);
            let c = &mut cells[i];
            c.symbol = Some(if w >= 0.0 { Symbol::Sun } else { Symbol::Moon });
            c.conf = c.conf.min(w.abs() * 2.0).min(1.0);
        }
    }
}

/// Bilinear colour at a sub-pixel position.
fn rgb_at(img: &RgbImage, x: f32, y: f32) -> [f32; 3] {
    let (w, h) = img.dimensions();
    let x = x.clamp(0.0, (w - 1) as f32);
    let y = y.clamp(0.0, (h - 1) as f32);
    let (x0, y0) = (x.floor() as u32, y.floor() as u32);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let l = |xx: u32, yy: u32, k: usize| f32::from(img.get_pixel(xx, yy).0[k]);
    let mut out = [0.0f32; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let top = l(x0, y0, k) * (1.0 - fx) + l(x1, y0, k) * fx;
        let bot = l(x0, y1, k) * (1.0 - fx) + l(x1, y1, k) * fx;
        *o = top * (1.0 - fy) + bot * fy;
    }
    out
}

/// Reads the marker on one edge.
fn read_edge(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    cells: &[CellRead],
    edge: Edge,
    opts: &TangoReadOptions,
) -> EdgeRead {
    let (a, b) = edge.cells();
    let ia = a.index(grid.cols);
    let ib = b.index(grid.cols);
    let bg = (luma(cells[ia].bg) + luma(cells[ib].bg)) / 2.0;
    let (ex, ey) = grid.edge_center(edge);
    let rad = opts.marker_radius * grid.cell_w.min(grid.cell_h);
    let n = opts.marker_samples.max(5);
    let step = 2.0 * rad / (n - 1) as f32;
    // Contrast towards the glyph colour (darker in light mode, lighter in dark mode). Marker
    // ink is near-neutral: strongly coloured pixels (the red stripes LinkedIn draws over cells
    // that break a rule, a click ring) and their close neighbours (JPEG fringes) are not ink.
    let mut d = vec![0.0f32; n * n];
    let mut coloured = vec![false; n * n];
    let mut chromas = vec![0.0f32; n * n];
    for j in 0..n {
        for i in 0..n {
            let px = rgb_at(img, ex - rad + i as f32 * step, ey - rad + j as f32 * step);
            chromas[j * n + i] = chroma(px);
            let l = luma(px);
            d[j * n + i] = match theme {
                Theme::Light => bg - l,
                Theme::Dark => l - bg,
            };
        }
    }
    let high: Vec<bool> = chromas
        .iter()
        .map(|&c| c > opts.marker_max_chroma)
        .collect();
    for j in 0..n {
        for i in 0..n {
            if !high[j * n + i] {
                continue;
            }
            let support = (j.saturating_sub(1)..(j + 2).min(n))
                .flat_map(|b| (i.saturating_sub(1)..(i + 2).min(n)).map(move |a| (a, b)))
                .filter(|&(a, b)| (a, b) != (i, j) && high[b * n + a])
                .count();
            coloured[j * n + i] = support >= opts.marker_colour_support;
        }
    }
    if coloured.contains(&true) {
        let reach = opts.marker_colour_reach as i64;
        for j in 0..n as i64 {
            for i in 0..n as i64 {
                let near = (-reach..=reach).any(|dj| {
                    (-reach..=reach).any(|di| {
                        let (a, b) = (i + di, j + dj);
                        a >= 0
                            && b >= 0
                            && a < n as i64
                            && b < n as i64
                            && coloured[(b * n as i64 + a) as usize]
                    })
                });
                if near {
                    d[(j * n as i64 + i) as usize] = 0.0;
                }
            }
        }
    }
    let contrast = d.iter().copied().fold(0.0, f32::max);
    let none = |conf: f32| EdgeRead {
        edge,
        contrast,
        ink_chroma: 0.0,
        aspect: 0.0,
        stroke_ratio: 0.0,
        marker: None,
        conf,
    };
    if contrast < opts.marker_min_contrast {
        // Confident "none" well below the threshold, 0.5 at it.
        let conf = (0.5 + (opts.marker_min_contrast - contrast) / opts.marker_min_contrast)
            .clamp(0.0, 1.0);
        return none(conf);
    }
    // Glyph pixels: components above the level that do not reach the patch border (a pointer
    // or stripes reaching into the patch are dropped). When dropping them leaves nothing, the
    // level is recomputed from the remaining pixels once.
    let mut masked = vec![false; n * n];
    let mut contrast_g = contrast;
    let mut glyph = Vec::new();
    let mut intruder = false;
    for _ in 0..2 {
        let level = opts.marker_level * contrast_g;
        let (kept, dropped) = components(&d, n, level, &masked);
        glyph = kept;
        if !glyph.is_empty() || dropped.is_empty() {
            break;
        }
        // Mask the intruder and its fringe, then look again at what remains.
        intruder = true;
        for k in dropped {
            let (i, j) = ((k % n) as i64, (k / n) as i64);
            for dj in -1..=1i64 {
                for di in -1..=1i64 {
                    let (a, b) = (i + di, j + dj);
                    if a >= 0 && b >= 0 && a < n as i64 && b < n as i64 {
                        masked[(b * n as i64 + a) as usize] = true;
                    }
                }
            }
        }
        contrast_g = d
            .iter()
            .zip(&masked)
            .filter(|&(_, &m)| !m)
            .map(|(&v, _)| v)
            .fold(0.0, f32::max);
        if contrast_g < opts.marker_min_contrast {
            break;
        }
    }
    if glyph.is_empty() {
        // Only something reaching across the patch border (a pointer): cannot tell.
        return none(0.0);
    }
    let contrast = glyph.iter().map(|&k| d[k]).fold(0.0, f32::max);
    let ink_chroma = glyph
        .iter()
        .max_by(|&&a, &&b| d[a].total_cmp(&d[b]))
        .map_or(0.0, |&k| chromas[k]);
    if contrast < opts.marker_min_contrast {
        return none(0.5);
    }
    let (mut x0, mut x1, mut y0, mut y1) = (n, 0, n, 0);
    for &k in &glyph {
        let (i, j) = (k % n, k / n);
        x0 = x0.min(i);
        x1 = x1.max(i);
        y0 = y0.min(j);
        y1 = y1.max(j);
    }
    let width = x1 + 1 - x0;
    let height = y1 + 1 - y0;
    let max_extent = (opts.marker_max_extent * n as f32).ceil() as usize;
    if width > max_extent || height > max_extent {
        return none(0.0);
    }
    let aspect = width as f32 / height as f32;
    if aspect > opts.marker_max_aspect || aspect * opts.marker_max_aspect < 1.0 {
        // A long thin stroke (the arc of a click ring, an underline) is no marker glyph.
        return none(0.0);
    }
    let min_extent = (opts.marker_min_extent * n as f32).floor() as usize;
    if width.max(height) < min_extent.max(2) {
        // A speck, not a glyph.
        return none(0.5);
    }
    // Shape: `=` has ink at the middle of its top and bottom strokes and none at its centre;
    // `x` the other way round.
    let cxs = (x0 + x1) as f32 / 2.0;
    let cys = (y0 + y1) as f32 / 2.0;
    let val = |i: f32, j: f32| -> f32 {
        // Largest contrast among the (up to 2x2) samples nearest to a half-integer position.
        let mut m = 0.0f32;
        for ii in [i.floor() as usize, i.ceil() as usize] {
            for jj in [j.floor() as usize, j.ceil() as usize] {
                m = m.max(d[jj.min(n - 1) * n + ii.min(n - 1)]);
            }
        }
        m / contrast
    };
    let top = val(cxs, y0 as f32).max(val(cxs, (y0 + 1).min(y1) as f32));
    let bottom = val(cxs, y1 as f32).max(val(cxs, y1.saturating_sub(1).max(y0) as f32));
    let centre = val(cxs, cys);
    let shape = (top + bottom) / 2.0 - centre;
    // A glyph sits centred on the edge; ink reaching the patch border is something else.
    let off_centre = ((cxs - (n - 1) as f32 / 2.0).abs()).max((cys - (n - 1) as f32 / 2.0).abs())
        / ((n - 1) as f32 / 2.0);
    if off_centre > opts.marker_max_offset {
        return EdgeRead {
            stroke_ratio: shape,
            ..none(0.0)
        };
    }
    let eq = shape >= opts.marker_shape_split;
    let margin = (shape - opts.marker_shape_split).abs() / 0.5;
    let contrast_conf =
        ((contrast - opts.marker_min_contrast) / (0.5 * opts.marker_min_contrast)).clamp(0.0, 1.0);
    // A glyph read next to an intruder (pointer) is a guess.
    let intruder_cap = if intruder {
        opts.marker_intruder_conf
    } else {
        1.0
    };
    EdgeRead {
        edge,
        contrast,
        ink_chroma,
        aspect,
        stroke_ratio: shape,
        marker: Some(if eq { Marker::Same } else { Marker::Opposite }),
        conf: margin.min(1.0).min(contrast_conf).min(intruder_cap),
    }
}

/// 4-connected components of `d >= level` (ignoring `masked`) on an `n x n` patch: the pixels
/// of components that stay inside the patch, and those of components reaching its border.
fn components(d: &[f32], n: usize, level: f32, masked: &[bool]) -> (Vec<usize>, Vec<usize>) {
    let mut seen = vec![false; n * n];
    let (mut kept, mut dropped) = (Vec::new(), Vec::new());
    for start in 0..n * n {
        if seen[start] || masked[start] || d[start] < level {
            continue;
        }
        let mut comp = vec![start];
        seen[start] = true;
        let mut k = 0;
        let mut border = false;
        while k < comp.len() {
            let c = comp[k];
            k += 1;
            let (i, j) = (c % n, c / n);
            if i == 0 || j == 0 || i == n - 1 || j == n - 1 {
                border = true;
            }
            let mut push = |q: usize| {
                if !seen[q] && !masked[q] && d[q] >= level {
                    seen[q] = true;
                    comp.push(q);
                }
            };
            if i > 0 {
                push(c - 1);
            }
            if i + 1 < n {
                push(c + 1);
            }
            if j > 0 {
                push(c - n);
            }
            if j + 1 < n {
                push(c + n);
            }
        }
        if border {
            dropped.extend(comp);
        } else {
            kept.extend(comp);
        }
    }
    (kept, dropped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A synthetic light board: white cells, grey givens, an orange disc, a blue disc, an `=`
    /// and an `x` marker.
    fn board() -> (RgbImage, Grid) {
        let (left, top, p, n) = (30u32, 20u32, 60u32, 6u32);
        let mut img = RgbImage::from_pixel(440, 420, Rgb([243, 242, 238]));
        for y in 0..=n * p {
            for x in 0..=n * p {
                let on_line = x % p == 0 || y % p == 0;
                let (c, r) = (x / p, y / p);
                let col = if on_line {
                    [222, 216, 208]
                } else if (r, c) == (0, 0) || (r, c) == (2, 3) {
                    [238, 235, 231]
                } else {
                    [255, 255, 255]
                };
                img.put_pixel(left + x, top + y, Rgb(col));
            }
        }
        let disc = |img: &mut RgbImage, r: u32, c: u32, col: [u8; 3]| {
            let (cx, cy) = (left + c * p + p / 2, top + r * p + p / 2);
            for y in cy - 16..=cy + 16 {
                for x in cx - 16..=cx + 16 {
                    let (dx, dy) = (x as i32 - cx as i32, y as i32 - cy as i32);
                    if dx * dx + dy * dy <= 16 * 16 {
                        img.put_pixel(x, y, Rgb(col));
                    }
                }
            }
        };
        disc(&mut img, 0, 0, [245, 181, 61]); // given sun
        disc(&mut img, 2, 3, [89, 141, 226]); // given moon
        disc(&mut img, 4, 4, [245, 181, 61]); // placed sun
        let ink = Rgb([110, 95, 75]);
        // `=` on the edge between (1,1) and (1,2): x = left + 2p, y = top + 1.5p.
        let (ex, ey) = (left + 2 * p, top + p + p / 2);
        for x in ex - 5..=ex + 5 {
            img.put_pixel(x, ey - 3, ink);
            img.put_pixel(x, ey + 3, ink);
        }
        // `x` on the edge between (3,0) and (4,0): x = left + p/2, y = top + 4p.
        let (ex, ey) = (left + p / 2, top + 4 * p);
        for d in -4i32..=4 {
            img.put_pixel((ex as i32 + d) as u32, (ey as i32 + d) as u32, ink);
            img.put_pixel((ex as i32 + d) as u32, (ey as i32 - d) as u32, ink);
        }
        let grid = Grid {
            rows: 6,
            cols: 6,
            left: left as f32,
            top: top as f32,
            cell_w: p as f32,
            cell_h: p as f32,
        };
        (img, grid)
    }

    #[test]
    fn reads_givens_placed_and_markers_on_a_known_grid() {
        let (img, grid) = board();
        let (reading, _, _) =
            read_on_grid(&img, &grid, Theme::Light, &TangoReadOptions::default()).unwrap();
        let Puzzle::Tango(t) = &reading.puzzle else {
            panic!("not tango")
        };
        assert_eq!(t.given(Pos::new(0, 0)), Some(Symbol::Sun));
        assert_eq!(t.given(Pos::new(2, 3)), Some(Symbol::Moon));
        assert_eq!(t.givens().count(), 2);
        assert_eq!(
            reading.placed,
            vec![Placed::Symbol {
                pos: Pos::new(4, 4),
                symbol: Symbol::Sun
            }]
        );
        assert_eq!(t.marker(Edge::Right(Pos::new(1, 1))), Some(Marker::Same));
        assert_eq!(t.marker(Edge::Down(Pos::new(3, 0))), Some(Marker::Opposite));
        assert_eq!(t.markers().count(), 2);
    }

    #[test]
    fn a_chroma_spike_on_the_ink_does_not_erase_an_x() {
        // JPEG noise lifts single samples of the brown ink above the colour limit; the x must
        // keep its centre and read as `x`, not `=`.
        let (mut img, grid) = board();
        let (ex, ey) = (30 + 30, 20 + 4 * 60);
        img.put_pixel(ex, ey, Rgb([150, 90, 40]));
        let (reading, _, _) =
            read_on_grid(&img, &grid, Theme::Light, &TangoReadOptions::default()).unwrap();
        let Puzzle::Tango(t) = &reading.puzzle else {
            panic!("not tango")
        };
        assert_eq!(t.marker(Edge::Down(Pos::new(3, 0))), Some(Marker::Opposite));
        assert!(reading.doubts.is_empty(), "{:?}", reading.doubts);
    }

    #[test]
    fn reads_the_synthetic_board_end_to_end() {
        let (img, _) = board();
        let r = read_tango(&img, &TangoReadOptions::default()).unwrap();
        assert_eq!(r.grid.rows, 6);
        let Puzzle::Tango(t) = &r.puzzle else {
            panic!("not tango")
        };
        assert_eq!(t.givens().count(), 2);
        assert_eq!(t.markers().count(), 2);
    }

    #[test]
    fn grey_glyphs_are_not_tango_icons() {
        let (mut img, _) = board();
        for px in img.pixels_mut() {
            if px.0 == [245, 181, 61] || px.0 == [89, 141, 226] {
                *px = Rgb([40, 40, 40]);
            }
        }
        assert!(matches!(
            read_tango(&img, &TangoReadOptions::default()),
            Err(ReadError::NoBoard(_))
        ));
    }

    #[test]
    fn otsu_splits_two_levels() {
        let (thr, lo, hi) = two_means_1d(&[236.0, 255.0, 254.0, 237.0, 255.0]).unwrap();
        assert!(thr > 237.0 && thr < 254.0);
        assert!(lo < 238.0 && hi > 253.0);
    }

    #[test]
    fn hue_bins() {
        assert_eq!(colour_bin([245.0, 181.0, 61.0], 255.0, 40.0), 0);
        assert_eq!(colour_bin([89.0, 141.0, 226.0], 255.0, 40.0), 3);
        assert_eq!(colour_bin([20.0, 20.0, 20.0], 255.0, 40.0), 5);
    }
}
