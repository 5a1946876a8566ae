//! Stage 3a (Tango reader): cells. Each cell's background (given or placed), the icon in its
//! middle (empty or a symbol) and its colour histogram; the icons are then split into suns and
//! moons.

use super::background::{cell_background_ex, themed_luma};
use super::{CellRead, ICON_BINS, TangoReadOptions};
use crate::board::{Grid, Icons, Theme};
use crate::puzzle::{Pos, Symbol};
use crate::vision::pixel::{chroma, luma, nearest, on_segment};
use image::RgbImage;

/// Backgrounds, given split and icon measurements of every cell.
pub(super) fn read_cells(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    opts: &TangoReadOptions,
) -> Vec<CellRead> {
    let mut cells = Vec::with_capacity(grid.rows * grid.cols);
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            let (bg, overlay, overlay_colour, overlay_corners) =
                cell_background_ex(img, grid, r, c, &opts.locate);
            // In a covered cell, samples of the overlay's colour over the background are not
            // the icon.
            let veil = overlay_colour.filter(|_| overlay > opts.overlay_max_frac);
            let m = icon(img, grid, Pos::new(r, c), bg, veil, opts);
            cells.push(CellRead {
                pos: Pos::new(r, c),
                bg,
                given: false,
                given_conf: 1.0,
                overlay,
                overlay_colour,
                overlay_corners,
                dimmed: 0.0,
                lit: lit(bg, theme, opts),
                icon_frac: m.frac,
                hist: m.hist,
                hue: m.hue,
                shape: m.shape,
                fill: m.fill,
                icon_luma: m.luma,
                spill: spill(img, grid, Pos::new(r, c), bg, opts),
                symbol: None,
                conf: 1.0,
            });
        }
    }
    // Given split: two luma clusters (Otsu) of the cells in the theme's range, oriented by the
    // theme.
    let lumas: Vec<f32> = cells
        .iter()
        .filter(|c| !c.lit)
        .map(|c| luma(c.bg))
        .collect();
    if let Some((thr, lo_mean, hi_mean)) = two_means_1d(&lumas)
        && hi_mean - lo_mean >= opts.given_min_contrast
    {
        let half = (hi_mean - lo_mean) / 2.0;
        for c in cells.iter_mut().filter(|c| !c.lit) {
            let l = luma(c.bg);
            c.given = match theme {
                Theme::Light => l < thr,
                Theme::Dark => l > thr,
            };
            c.given_conf = ((l - thr).abs() / half).min(1.0);
        }
    }
    // (Otherwise all backgrounds are alike: no givens.)
    // How far each cell lies below the darker of the board's two grounds (empty and given,
    // the cells in the clear).
    let ground = |given: bool| {
        let mut g: Vec<f32> = cells
            .iter()
            .filter(|c| c.given == given && !c.lit && !c.striped(opts))
            .map(|c| luma(c.bg))
            .collect();
        g.sort_by(f32::total_cmp);
        g.get(g.len() / 2).copied()
    };
    if let Some(darkest) = [ground(false), ground(true)]
        .into_iter()
        .flatten()
        .min_by(f32::total_cmp)
    {
        for c in cells.iter_mut() {
            c.dimmed = (darkest - luma(c.bg)).max(0.0);
        }
    }
    // What lies over a spilled cell is not an icon (the cell is occluded).
    for c in cells.iter_mut().filter(|c| c.spilled(opts)) {
        c.icon_frac = 0.0;
    }
    // The ground of the givens in the clear, for striped cells.
    let given_ground = {
        let mut g: Vec<[f32; 3]> = cells
            .iter()
            .filter(|c| c.given && !c.lit && !c.striped(opts))
            .map(|c| c.bg)
            .collect();
        (!g.is_empty()).then(|| super::background::median3(&mut g))
    };
    for c in cells.iter_mut() {
        if c.lit {
            // A bright band or another overlay lights the whole background: given or not is a
            // guess (a piece there is kept as placed, and the cell is doubted).
            c.given_conf = c.given_conf.min(opts.overlay_given_conf);
        } else if c.striped(opts) {
            // Stripes: LinkedIn draws them on a white ground that hides a given's grey
            // (a real capture shows a striped given as white between the stripes). A ground
            // between them that is the grey of the board's givens in the clear (translucent
            // stripes over the shading) is a given's; a plain one may be a given under
            // LinkedIn's stripes, and one tinted by the stripes' fringe is neither.
            // The fringe's pink raises red and lowers blue: a ground off the givens' tint
            // (red minus blue) is a white ground the fringe darkened.
            let sure_given = opts.striped_given_sure.is_some_and(|[conf, reach, tint]| {
                c.given
                    && c.given_conf >= conf
                    && given_ground.is_some_and(|g| {
                        (0..3).all(|k| (c.bg[k] - g[k]).abs() <= reach)
                            && ((c.bg[0] - c.bg[2]) - (g[0] - g[2])).abs() <= tint
                    })
            });
            if !sure_given {
                c.given_conf = c.given_conf.min(opts.overlay_given_conf);
            }
        }
    }
    cells
}

/// [`CellRead::spill`] of the cell at `p` on background `bg`.
fn spill(img: &RgbImage, grid: &Grid, p: Pos, bg: [f32; 3], opts: &TangoReadOptions) -> f32 {
    const SAMPLES: usize = 72;
    let (cx, cy) = grid.center(p);
    let (rx, ry) = (
        opts.spill_radius * grid.cell_w,
        opts.spill_radius * grid.cell_h,
    );
    let mut seen = 0usize;
    let mut differ: Vec<[f32; 3]> = Vec::new();
    for k in 0..SAMPLES {
        let deg = k as f32 * 360.0 / SAMPLES as f32;
        // Off the nearest axis (the sides' middles, where the markers lie).
        let off_axis = (deg.rem_euclid(90.0)).min(90.0 - deg.rem_euclid(90.0));
        if off_axis < opts.spill_gap_deg {
            continue;
        }
        let a = deg.to_radians();
        let px = nearest(img, cx + rx * a.cos(), cy + ry * a.sin());
        seen += 1;
        if (0..3).map(|j| (px[j] - bg[j]).abs()).fold(0.0, f32::max) >= opts.icon_delta {
            differ.push(px);
        }
    }
    let seen = seen.max(1) as f32;
    // Too few differ for any flat group of them to occlude the cell: their share stands (the
    // group is no larger), and the grouping below is skipped (most cells: none differ).
    let share = differ.len() as f32 / seen;
    if opts.spill_occludes.is_none_or(|t| share < t) {
        return share;
    }
    // The most samples of one flat colour (a gradient, the win shimmer's band, spreads them).
    let flat = differ
        .iter()
        .map(|a| {
            differ
                .iter()
                .filter(|b| (0..3).all(|j| (a[j] - b[j]).abs() <= opts.spill_flat))
                .count()
        })
        .max()
        .unwrap_or(0);
    flat as f32 / seen
}

/// A neutral background out of the theme's brightness range (see [`CellRead::lit`]).
fn lit(bg: [f32; 3], theme: Theme, opts: &TangoReadOptions) -> bool {
    chroma(bg) <= opts.locate.max_bg_chroma && !themed_luma(luma(bg), theme, &opts.locate)
}

/// Otsu split of 1-D values: `(threshold, mean below, mean above)`.
pub(super) fn two_means_1d(v: &[f32]) -> Option<(f32, f32, f32)> {
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

/// [`CellRead::shape`] of an icon's samples (disc units): the centroid's offset from the
/// samples' bounding-box centre (x, y) and the mean squared distance from the centroid. Each
/// is the same wherever the icon lies in the cell: a lattice a pixel off (one icon left of its
/// cell's centre, another right of it) does not make one kind look like two.
///
/// Also the share of the samples' bounding box (of sample spacing `step`) the icon fills
/// ([`CellRead::fill`]).
fn shape_moments(uv: &[(f32, f32)], step: f32) -> ([f32; 3], f32) {
    if uv.is_empty() {
        return ([0.0; 3], 0.0);
    }
    let n = uv.len() as f32;
    let (mu, mv) = uv
        .iter()
        .fold((0.0, 0.0), |(a, b), &(u, v)| (a + u / n, b + v / n));
    let (mut u0, mut u1, mut v0, mut v1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    for &(u, v) in uv {
        (u0, u1, v0, v1) = (u0.min(u), u1.max(u), v0.min(v), v1.max(v));
    }
    let spread = uv
        .iter()
        .map(|&(u, v)| (u - mu).powi(2) + (v - mv).powi(2))
        .sum::<f32>()
        / n;
    let boxed = ((u1 - u0) / step + 1.0) * ((v1 - v0) / step + 1.0);
    (
        [mu - (u0 + u1) / 2.0, mv - (v0 + v1) / 2.0, spread],
        (n / boxed.max(1.0)).min(1.0),
    )
}

/// Icon pixel fraction, colour histogram, mean hue (degrees; `None` without coloured
/// pixels), shape moments and mean luma of the icon pixels of a cell's central disc. With
/// `overlay` (the colour of stripes over the cell), samples on the line from the background
/// to that colour are background (see [`TangoReadOptions::overlay_colour_reach`]).
fn icon(
    img: &RgbImage,
    grid: &Grid,
    p: Pos,
    bg: [f32; 3],
    overlay: Option<[f32; 3]>,
    opts: &TangoReadOptions,
) -> IconMeasure {
    let (cx, cy) = grid.center(p);
    let rad = opts.icon_radius * grid.cell_w.min(grid.cell_h);
    let n = opts.icon_samples.max(4);
    let step = 2.0 * rad / n as f32;
    let bg_l = luma(bg);
    let mut hist = [0.0f32; ICON_BINS];
    let mut hue_sum = (0.0f32, 0.0f32);
    let (mut total, mut inside) = (0usize, 0usize);
    // The icon's samples in disc units (for the shape moments).
    let mut uv: Vec<(f32, f32)> = Vec::new();
    let mut luma_sum = 0.0f32;
    for j in 0..=n {
        for i in 0..=n {
            let dx = -rad + i as f32 * step;
            let dy = -rad + j as f32 * step;
            if dx * dx + dy * dy > rad * rad {
                continue;
            }
            total += 1;
            let px = nearest(img, cx + dx, cy + dy);
            let diff = (0..3).map(|k| (px[k] - bg[k]).abs()).fold(0.0, f32::max);
            if diff < opts.icon_delta
                || overlay.is_some_and(|o| on_segment(px, bg, o).0 <= opts.overlay_colour_reach)
            {
                continue;
            }
            inside += 1;
            luma_sum += luma(px);
            uv.push((dx / rad, dy / rad));
            hist[colour_bin(px, bg_l, opts.hue_min_chroma, &opts.hue_bins)] += 1.0;
            if chroma(px) >= opts.hue_min_chroma {
                let h = hue(px).to_radians();
                hue_sum = (hue_sum.0 + h.cos(), hue_sum.1 + h.sin());
            }
        }
    }
    if inside > 0 {
        for h in hist.iter_mut() {
            *h /= inside as f32;
        }
    }
    let mean_hue =
        (hue_sum != (0.0, 0.0)).then(|| hue_sum.1.atan2(hue_sum.0).to_degrees().rem_euclid(360.0));
    let (shape, fill) = shape_moments(&uv, step / rad);
    IconMeasure {
        frac: inside as f32 / total.max(1) as f32,
        hist,
        hue: mean_hue,
        shape,
        fill,
        luma: luma_sum / inside.max(1) as f32,
    }
}

/// What [`icon`] measures of a cell's central disc (see the [`CellRead`] fields of the same
/// names).
struct IconMeasure {
    frac: f32,
    hist: [f32; ICON_BINS],
    hue: Option<f32>,
    shape: [f32; 3],
    fill: f32,
    luma: f32,
}

/// The smallest arc (degrees) holding every hue.
fn hue_spread(hues: &[f32]) -> f32 {
    if hues.len() < 2 {
        return 0.0;
    }
    let mut h = hues.to_vec();
    h.sort_by(f32::total_cmp);
    let mut gap = 360.0 - (h[h.len() - 1] - h[0]);
    for w in h.windows(2) {
        gap = gap.max(w[1] - w[0]);
    }
    360.0 - gap
}

/// Bin of an icon pixel: hue sectors for coloured pixels, dark / light for grey ones.
pub(super) fn colour_bin(p: [f32; 3], bg_luma: f32, min_chroma: f32, bins: &[f32; 5]) -> usize {
    if chroma(p) < min_chroma {
        return if luma(p) < bg_luma { 5 } else { 6 };
    }
    let h = hue(p);
    let [yellow, green, blue, purple, red] = *bins;
    if !(yellow..red).contains(&h) {
        0 // red-orange
    } else if h < green {
        1 // yellow
    } else if h < blue {
        2 // green
    } else if h < purple {
        3 // blue
    } else {
        4 // purple
    }
}

/// Hue in degrees.
pub(super) fn hue(p: [f32; 3]) -> f32 {
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
pub(super) fn warmth(h: &[f32; ICON_BINS]) -> f32 {
    h[0] + h[1] - h[3]
}

pub(super) fn l1(a: &[f32; ICON_BINS], b: &[f32; ICON_BINS]) -> f32 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum()
}

/// The board's two icons after [`classify_symbols`]: the most confident cell of each symbol,
/// and whether the pair is a themed one (not warm suns and blue moons). `None` unless both
/// symbols were read.
pub(super) fn icon_pair(cells: &[CellRead], opts: &TangoReadOptions) -> Option<Icons> {
    let best = |want: Symbol| {
        cells
            .iter()
            .filter(|c| c.symbol == Some(want))
            .max_by(|a, b| a.conf.total_cmp(&b.conf))
    };
    let (sun, moon) = (best(Symbol::Sun)?, best(Symbol::Moon)?);
    // Icons under rule-break stripes have the stripes' colour mixed in: a kind seen only
    // under them is judged by the other kind.
    let mean_share = |want: Symbol, bins: &[usize]| {
        let of: Vec<f32> = cells
            .iter()
            .filter(|c| c.symbol == Some(want) && !c.striped(opts))
            .map(|c| bins.iter().map(|&b| c.hist[b]).sum())
            .collect();
        if of.is_empty() {
            return 1.0;
        }
        of.iter().sum::<f32>() / of.len() as f32
    };
    let standard = mean_share(Symbol::Sun, &[0, 1]) >= opts.standard_icon_share
        && mean_share(Symbol::Moon, &[3]) >= opts.standard_icon_share;
    Some(Icons {
        themed: !standard,
        sun: sun.pos,
        moon: moon.pos,
    })
}

/// Swaps the names of the two icon kinds when the kind named moon fills its boxes by at
/// least `margin` more, on average, than the kind named sun (at least two of each): the sun
/// is the disc ([`TangoReadOptions::shape_names_icons`]). Icons under rule-break stripes
/// do not count (the stripes change how they fill their boxes).
pub(super) fn name_by_shape(cells: &mut [CellRead], margin: f32, opts: &TangoReadOptions) {
    let mean_fill = |want: Symbol| {
        let f: Vec<f32> = cells
            .iter()
            .filter(|c| c.symbol == Some(want) && !c.striped(opts))
            .map(|c| c.fill)
            .collect();
        (f.len() >= 2).then(|| f.iter().sum::<f32>() / f.len() as f32)
    };
    let (Some(sun), Some(moon)) = (mean_fill(Symbol::Sun), mean_fill(Symbol::Moon)) else {
        return;
    };
    if moon >= sun + margin {
        for c in cells.iter_mut() {
            c.symbol = c.symbol.map(Symbol::other);
        }
    }
}

/// Empty / sun / moon for every cell.
pub(super) fn classify_symbols(cells: &mut [CellRead], cell_px: f32, opts: &TangoReadOptions) {
    classify_by_look(cells, cell_px, opts);
    if opts.striped_kind_needs_clear {
        striped_kind_from_clear(cells, opts);
    }
}

/// The gap allowed between two icons' shape moments on cells of `cell_px` pixels: a moment
/// is measured to about a pixel of the icon's disc, which on small cells is more than
/// [`TangoReadOptions::alike_max_shape_gap`] ([`TangoReadOptions::alike_shape_px`]).
pub(super) fn shape_tolerance(cell_px: f32, opts: &TangoReadOptions) -> f32 {
    opts.alike_max_shape_gap
        .max(opts.alike_shape_px / (opts.icon_radius * cell_px).max(1.0))
}

/// Whether the icons `set` look alike: their hues within `alike_max_hue_spread`, and the two
/// means of their icon fractions, shape moments (within `shape_tolerance`), lumas and fills
/// within the `alike_max_*` gaps.
pub(super) fn all_alike(
    cells: &[CellRead],
    set: &[usize],
    shape_tolerance: f32,
    opts: &TangoReadOptions,
) -> bool {
    let gap = |value: &dyn Fn(&CellRead) -> f32| {
        let v: Vec<f32> = set.iter().map(|&i| value(&cells[i])).collect();
        two_means_1d(&v).map_or(0.0, |(_, lo, hi)| hi - lo)
    };
    let hues: Vec<f32> = set.iter().filter_map(|&i| cells[i].hue).collect();
    let shape_gap = (0..3)
        .map(|k| gap(&|c: &CellRead| c.shape[k]))
        .fold(0.0f32, f32::max);
    hue_spread(&hues) <= opts.alike_max_hue_spread
        && gap(&|c: &CellRead| c.icon_frac) <= opts.alike_max_frac_gap
        && shape_gap <= shape_tolerance
        && gap(&|c: &CellRead| c.icon_luma) <= opts.alike_max_luma_gap
        && gap(&|c: &CellRead| c.fill) <= opts.alike_max_fill_gap
}

/// When every icon not under rule-break stripes got one name and some striped icons the
/// other, the stripes' tint may be all that set those apart (stripes 1100497: three moons
/// under red stripes split from two given moons, the given moons named suns): the clear icons
/// are named by their own mean warmth (as icons all of one kind are), the striped icons of
/// their group with them, and the striped icons set apart keep the other name, doubted.
fn striped_kind_from_clear(cells: &mut [CellRead], opts: &TangoReadOptions) {
    let icons: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i].symbol.is_some())
        .collect();
    let clear: Vec<usize> = icons
        .iter()
        .copied()
        .filter(|&i| !cells[i].striped(opts))
        .collect();
    let Some(&first) = clear.first() else {
        return;
    };
    let kind = cells[first].symbol;
    if clear.iter().any(|&i| cells[i].symbol != kind)
        || !icons.iter().any(|&i| cells[i].symbol != kind)
    {
        return;
    }
    let warmth_sum: f32 = clear.iter().map(|&i| warmth(&cells[i].hist)).sum();
    let named = if warmth_sum >= 0.0 {
        Symbol::Sun
    } else {
        Symbol::Moon
    };
    for &i in &icons {
        let c = &mut cells[i];
        if c.symbol == kind {
            c.symbol = Some(named);
        } else {
            c.symbol = Some(named.other());
            c.conf = 0.0;
        }
    }
}

/// Empty / sun / moon for every cell by the icons' colours and shapes.
fn classify_by_look(cells: &mut [CellRead], cell_px: f32, opts: &TangoReadOptions) {
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
    // Icons under rule-break stripes have the stripes' colour mixed in: they are assigned to
    // a kind but do not move the kinds' centres (when at least two clear icons remain).
    let striped = |i: usize| cells[i].striped(opts);
    let clear = filled.iter().filter(|&&i| !striped(i)).count();
    let in_centre = |i: usize| clear < 2 || !striped(i);
    for _ in 0..10 {
        for (k, &i) in filled.iter().enumerate() {
            assign[k] =
                usize::from(l1(&cells[i].hist, &centres[1]) < l1(&cells[i].hist, &centres[0]));
        }
        for (cl, centre) in centres.iter_mut().enumerate() {
            let members: Vec<usize> = filled
                .iter()
                .zip(&assign)
                .filter(|&(&i, &a)| a == cl && in_centre(i))
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
        if opts.cluster_hue_check {
            doubt_hue_strays(cells, &filled, &assign, opts);
        }
        if split_by_shade_only(cells, &filled, &assign, &centres, opts) {
            // Two groups of one colour told apart only by how much of them is light or dark
            // grey (the anti-aliased rim of a tiny icon): maybe one kind, maybe two.
            for &i in &filled {
                cells[i].conf = 0.0;
            }
        }
    } else {
        // All icons alike by their colour histograms: warmth decides (only suns, or only
        // moons, were given). Two icon kinds the coarse histogram cannot tell apart (a red and
        // an orange themed icon; a disc and a ring; a dark and a light red) are not alike:
        // every icon is doubted.
        // A shape moment is measured to about a pixel of the icon's disc: on small cells
        // that is more than the gap allowed.
        let shape_tolerance = shape_tolerance(cell_px, opts);
        let alike = all_alike(cells, &filled, shape_tolerance, opts);
        let split = (!alike)
            .then(|| {
                split_by_hue(cells, &filled, cell_px, opts)
                    .or_else(|| split_by_shape(cells, &filled, shape_tolerance, opts))
            })
            .flatten();
        if let Some(split) = split {
            for (i, symbol, conf) in split {
                cells[i].symbol = Some(symbol);
                cells[i].conf = cells[i].conf.min(conf);
            }
            return;
        }
        // LinkedIn's own icons: warmth tells a sun from a moon. Themed icons of one kind: which
        // symbol they are does not matter (the puzzle is the same up to swapping the two), so
        // they are all read as surely as they were seen, named by warmth too: a standard icon
        // whose colours a capture washed out (a pale moon on a brightened dark board) keeps
        // its name.
        let share = |bins: &[usize]| {
            filled.iter().all(|&i| {
                bins.iter().map(|&b| cells[i].hist[b]).sum::<f32>() >= opts.standard_icon_share
            })
        };
        let standard = share(&[0, 1]) || share(&[3]);
        // Not alike, but every icon in the clear alike and of LinkedIn's colours: the
        // stripes' tint set the striped ones apart. The clear ones are one kind, named by
        // warmth as surely as on a board of one kind; the striped ones stay doubted.
        let clear: Vec<usize> = filled
            .iter()
            .copied()
            .filter(|&i| !cells[i].striped(opts))
            .collect();
        let clear_alike = opts.striped_set_apart_clear_alike
            && !alike
            && standard
            && !clear.is_empty()
            && clear.len() < filled.len()
            && all_alike(cells, &clear, shape_tolerance, opts);
        // Themed icons of one kind share one name, by their mean warmth: named one by one, a
        // teal icon's warmth near 0 named two identical icons differently (themed 52104: the
        // two givens of a board read as a pair, a wrong answer).
        let group_warmth =
            filled.iter().map(|&i| warmth(&cells[i].hist)).sum::<f32>() / filled.len() as f32;
        for &i in &filled {
            let own = warmth(&cells[i].hist);
            let w = if alike && !standard {
                group_warmth
            } else {
                own
            };
            let c = &mut cells[i];
            c.symbol = Some(if w >= 0.0 { Symbol::Sun } else { Symbol::Moon });
            let w = own;
            let alike = alike || (clear_alike && !c.striped(opts));
            c.conf = match (alike, standard) {
                (false, _) => 0.0,
                (true, true) => c.conf.min(w.abs() * 2.0).min(1.0),
                (true, false) => c.conf,
            };
        }
    }
}

/// [`TangoReadOptions::cluster_hue_check`]: an icon whose hue lies nearer the other kind's
/// mean hue than its own kind's (the kinds' mean hues at least `hue_split_min_gap` apart) is
/// doubted: the colour histograms and the hue disagree about it.
fn doubt_hue_strays(
    cells: &mut [CellRead],
    filled: &[usize],
    assign: &[usize],
    opts: &TangoReadOptions,
) {
    let dist = super::hue_gap;
    let mean_hue = |cl: usize| {
        super::circular_mean(
            filled
                .iter()
                .zip(assign)
                .filter(|&(&i, &a)| a == cl && !cells[i].striped(opts))
                .filter_map(|(&i, _)| cells[i].hue),
        )
    };
    let (Some(h0), Some(h1)) = (mean_hue(0), mean_hue(1)) else {
        return;
    };
    if dist(h0, h1) < opts.hue_split_min_gap {
        return;
    }
    for (k, &i) in filled.iter().enumerate() {
        let Some(h) = cells[i].hue else {
            continue;
        };
        let (own, other) = if assign[k] == 0 { (h0, h1) } else { (h1, h0) };
        if dist(h, other) < dist(h, own) {
            cells[i].conf = 0.0;
        }
    }
}

/// [`TangoReadOptions::kind_max_spread`]: an icon in the clear whose histogram lies more than
/// `spread` from more than half of the other clear icons of its kind is doubted.
pub(super) fn doubt_kind_strays(cells: &mut [CellRead], spread: f32, opts: &TangoReadOptions) {
    let clear: Vec<(usize, Symbol)> = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.striped(opts) && !c.lit)
        .filter_map(|(i, c)| c.symbol.map(|s| (i, s)))
        .collect();
    let strays: Vec<usize> = clear
        .iter()
        .filter_map(|&(i, a)| {
            let others: Vec<usize> = clear
                .iter()
                .filter(|&&(j, b)| b == a && j != i)
                .map(|&(j, _)| j)
                .collect();
            let far = others
                .iter()
                .filter(|&&j| l1(&cells[i].hist, &cells[j].hist) > spread)
                .count();
            (2 * far > others.len()).then_some(i)
        })
        .collect();
    for i in strays {
        cells[i].conf = 0.0;
    }
}

/// [`TangoReadOptions::kind_max_hue_gap`]: an icon in the clear whose mean hue lies more than
/// `gap` degrees from the mean hue of the clear icons of its kind (at least three with a hue)
/// is doubted.
pub(super) fn doubt_kind_hue_strays(cells: &mut [CellRead], gap: f32, opts: &TangoReadOptions) {
    let clear = |c: &CellRead| !c.striped(opts) && !c.lit;
    let mut strays = Vec::new();
    for kind in [Symbol::Sun, Symbol::Moon] {
        let hues: Vec<(usize, f32)> = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.symbol == Some(kind) && clear(c))
            .filter_map(|(i, c)| c.hue.map(|h| (i, h)))
            .collect();
        if hues.len() < 3 {
            continue;
        }
        let Some(mean) = super::circular_mean(hues.iter().map(|&(_, h)| h)) else {
            continue;
        };
        strays.extend(
            hues.iter()
                .filter(|&&(_, h)| super::hue_gap(h, mean) > gap)
                .map(|&(i, _)| i),
        );
    }
    for i in strays {
        cells[i].conf = 0.0;
    }
}

/// Whether two icon clusters differ only in their grey (dark / light) share: not LinkedIn's
/// warm sun and blue moon, their colour bins alone closer than
/// [`TangoReadOptions::cluster_min_separation`], their hues within
/// [`TangoReadOptions::alike_max_hue_spread`], their icon fractions within
/// [`TangoReadOptions::alike_max_frac_gap`] and their shapes within
/// [`TangoReadOptions::alike_max_shape_gap`]. Tiny icons of one kind split so (a moon's
/// anti-aliased rim is light grey on some cells, blue on others).
fn split_by_shade_only(
    cells: &[CellRead],
    filled: &[usize],
    assign: &[usize],
    centres: &[[f32; ICON_BINS]; 2],
    opts: &TangoReadOptions,
) -> bool {
    let share = |c: &[f32; ICON_BINS], bins: &[usize]| bins.iter().map(|&b| c[b]).sum::<f32>();
    let (warm, cool) = if warmth(&centres[0]) >= warmth(&centres[1]) {
        (&centres[0], &centres[1])
    } else {
        (&centres[1], &centres[0])
    };
    if share(warm, &[0, 1]) >= opts.standard_icon_share
        && share(cool, &[3]) >= opts.standard_icon_share
    {
        return false;
    }
    let chromatic: f32 = (0..5).map(|k| (centres[0][k] - centres[1][k]).abs()).sum();
    if chromatic >= opts.cluster_min_separation {
        return false;
    }
    let members = |cl: usize| -> Vec<usize> {
        filled
            .iter()
            .zip(assign)
            .filter(|&(_, &a)| a == cl)
            .map(|(&i, _)| i)
            .collect()
    };
    let (a, b) = (members(0), members(1));
    let mean = |m: &[usize], f: &dyn Fn(&CellRead) -> f32| {
        m.iter().map(|&i| f(&cells[i])).sum::<f32>() / m.len().max(1) as f32
    };
    let hues: Vec<f32> = [&a, &b]
        .iter()
        .filter_map(|m| {
            let h: Vec<f32> = m.iter().filter_map(|&i| cells[i].hue).collect();
            (!h.is_empty()).then(|| h.iter().sum::<f32>() / h.len() as f32)
        })
        .collect();
    let frac_gap = (mean(&a, &|c| c.icon_frac) - mean(&b, &|c| c.icon_frac)).abs();
    let shape_gap = (0..3)
        .map(|k| (mean(&a, &|c| c.shape[k]) - mean(&b, &|c| c.shape[k])).abs())
        .fold(0.0f32, f32::max);
    hue_spread(&hues) <= opts.alike_max_hue_spread
        && frac_gap <= opts.alike_max_frac_gap
        && shape_gap <= opts.alike_max_shape_gap
}

/// Two themed icons of one colour family told apart by mean hue: `(cell index, symbol,
/// confidence)` for every icon, when every icon has a hue and the hues fall into two groups
/// each at most [`TangoReadOptions::alike_max_hue_spread`] wide (and alike in fill), at least
/// [`TangoReadOptions::hue_split_min_gap`] apart (each of several icons on a board of small
/// cells, [`TangoReadOptions::hue_split_small_group`]). The group nearer orange is the sun (which of
/// a themed pair is "sun" is a convention). `None` otherwise.
fn split_by_hue(
    cells: &[CellRead],
    filled: &[usize],
    cell_px: f32,
    opts: &TangoReadOptions,
) -> Option<Vec<(usize, Symbol, f32)>> {
    let mut hues: Vec<(f32, usize)> = filled
        .iter()
        .map(|&i| cells[i].hue.map(|h| (h, i)))
        .collect::<Option<_>>()?;
    hues.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Unroll the circle at its largest gap.
    let k = hues.len();
    let start = (0..k)
        .max_by(|&a, &b| {
            let gap = |i: usize| (hues[i].0 - hues[(i + k - 1) % k].0).rem_euclid(360.0);
            gap(a).total_cmp(&gap(b))
        })
        .unwrap_or(0);
    let unrolled: Vec<(f32, usize)> = (0..k)
        .map(|j| {
            let (h, i) = hues[(start + j) % k];
            (if start + j >= k { h + 360.0 } else { h }, i)
        })
        .collect();
    let values: Vec<f32> = unrolled.iter().map(|v| v.0).collect();
    let (thr, lo_mean, hi_mean) = two_means_1d(&values)?;
    type Hues = Vec<(f32, usize)>;
    let (lo, hi): (Hues, Hues) = unrolled.iter().partition(|v| v.0 < thr);
    let (Some(lo_max), Some(hi_min)) = (lo.last(), hi.first()) else {
        return None;
    };
    let spread = |g: &[(f32, usize)]| g.last().map_or(0.0, |l| l.0 - g[0].0);
    let fill_gap = |g: &[(f32, usize)]| {
        let f: Vec<f32> = g.iter().map(|v| cells[v.1].icon_frac).collect();
        two_means_1d(&f).map_or(0.0, |(_, a, b)| b - a)
    };
    if hi_min.0 - lo_max.0 < opts.hue_split_min_gap
        || (cell_px < opts.hue_split_small_group[1]
            && (lo.len().min(hi.len()) as f32) < opts.hue_split_small_group[0])
        || spread(&lo) > opts.alike_max_hue_spread
        || spread(&hi) > opts.alike_max_hue_spread
        || fill_gap(&lo) > opts.alike_max_frac_gap
        || fill_gap(&hi) > opts.alike_max_frac_gap
    {
        return None;
    }
    let from_orange = |h: f32| {
        let d = (h - 40.0).rem_euclid(360.0);
        d.min(360.0 - d)
    };
    let lo_is_sun = from_orange(lo_mean) <= from_orange(hi_mean);
    Some(
        unrolled
            .iter()
            .map(|&(h, i)| {
                let in_lo = h < thr;
                let (own, other) = if in_lo {
                    (lo_mean, hi_mean)
                } else {
                    (hi_mean, lo_mean)
                };
                let sun = in_lo == lo_is_sun;
                (
                    i,
                    if sun { Symbol::Sun } else { Symbol::Moon },
                    nearer(h, own, other),
                )
            })
            .collect(),
    )
}

/// Two themed icons of one colour told apart by their shape (see
/// [`TangoReadOptions::shape_split_min_band`]): `(cell index, symbol, confidence)` for every
/// icon, the warmer group the sun. `shape_tolerance`: the alike gap of the shape's spread on
/// this board. `None` unless the split is clean.
fn split_by_shape(
    cells: &[CellRead],
    filled: &[usize],
    shape_tolerance: f32,
    opts: &TangoReadOptions,
) -> Option<Vec<(usize, Symbol, f32)>> {
    let min_band = opts.shape_split_min_band?;
    // Stripes or a bright band change an icon's measures: no split is trusted under them.
    if filled
        .iter()
        .any(|&i| cells[i].striped(opts) || cells[i].lit)
    {
        return None;
    }
    type Measure = fn(&CellRead) -> f32;
    let shapes: [(Measure, f32); 3] = [
        (|c| c.icon_frac, opts.alike_max_frac_gap),
        (|c| c.shape[2], shape_tolerance),
        (|c| c.fill, opts.alike_max_fill_gap),
    ];
    let luma: (Measure, f32) = (|c| c.icon_luma, opts.alike_max_luma_gap);
    // Each measure that is not alike: its split (true: the upper group), and the empty band
    // between its groups in units of its alike gap.
    let split = |(m, tol): (Measure, f32)| {
        let v: Vec<f32> = filled.iter().map(|&i| m(&cells[i])).collect();
        let (thr, lo, hi) = two_means_1d(&v)?;
        if hi - lo <= tol {
            return None;
        }
        let upper: Vec<bool> = v.iter().map(|&x| x >= thr).collect();
        let lo_max = v
            .iter()
            .filter(|&&x| x < thr)
            .fold(f32::MIN, |a, &x| a.max(x));
        let hi_min = v
            .iter()
            .filter(|&&x| x >= thr)
            .fold(f32::MAX, |a, &x| a.min(x));
        Some((upper, (hi_min - lo_max) / tol.max(1e-6), v, thr))
    };
    let splits: Vec<_> = shapes.into_iter().filter_map(split).collect();
    let (upper, _, values, thr) = splits.iter().max_by(|a, b| a.1.total_cmp(&b.1))?.clone();
    // One measure's band clear enough alone, or two measures' bands, or all three, each
    // clear enough, splitting the icons alike (checked below with every other measure).
    let clear = |b: f32| splits.iter().filter(|s| s.1 >= b).count();
    if clear(min_band[0]) == 0 && clear(min_band[1]) < 2 && clear(min_band[2]) < 3 {
        return None;
    }
    let same = |u: &[bool]| u == upper.as_slice() || u.iter().zip(&upper).all(|(a, b)| a != b);
    let groups = upper.iter().filter(|&&u| u).count();
    if groups < 2
        || upper.len() - groups < 2
        || !splits.iter().all(|s| same(&s.0))
        || split(luma).is_some_and(|s| !same(&s.0))
    {
        return None;
    }
    // The mean of `f` (by icon) over the upper group, or the lower one.
    let group_mean = |up: bool, f: &dyn Fn(usize) -> f32| {
        let g: Vec<f32> = (0..filled.len())
            .filter(|&k| upper[k] == up)
            .map(f)
            .collect();
        g.iter().sum::<f32>() / g.len() as f32
    };
    let (lo_mean, hi_mean) = (
        group_mean(false, &|k| values[k]),
        group_mean(true, &|k| values[k]),
    );
    let warm = |k: usize| warmth(&cells[filled[k]].hist);
    let upper_is_sun = group_mean(true, &warm) >= group_mean(false, &warm);
    Some(
        filled
            .iter()
            .zip(&values)
            .map(|(&i, &x)| {
                let up = x >= thr;
                let (own, other) = if up {
                    (hi_mean, lo_mean)
                } else {
                    (lo_mean, hi_mean)
                };
                let sun = up == upper_is_sun;
                (
                    i,
                    if sun { Symbol::Sun } else { Symbol::Moon },
                    nearer(x, own, other),
                )
            })
            .collect(),
    )
}

/// How surely `x` belongs to the group of mean `own` rather than the one of mean `other`:
/// 0 halfway between them, 1 at a quarter of the way to `other` or nearer.
fn nearer(x: f32, own: f32, other: f32) -> f32 {
    let (d_own, d_other) = ((x - own).abs(), (x - other).abs());
    (2.0 * (d_other - d_own) / (d_other + d_own).max(1e-3)).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::shape_moments;

    /// The samples (spacing `step`, disc units) of a shape `inside` centred at `(ox, oy)`.
    fn samples(
        step: f32,
        (ox, oy): (f32, f32),
        inside: impl Fn(f32, f32) -> bool,
    ) -> Vec<(f32, f32)> {
        let n = (2.0 / step) as i32;
        let mut v = Vec::new();
        for j in 0..=n {
            for i in 0..=n {
                let (u, v0) = (-1.0 + i as f32 * step, -1.0 + j as f32 * step);
                if u * u + v0 * v0 <= 1.0 && inside(u - ox, v0 - oy) {
                    v.push((u, v0));
                }
            }
        }
        v
    }

    #[test]
    fn icon_shape_is_the_same_wherever_the_icon_sits() {
        let step = 2.0 / 24.0;
        let disc = |u: f32, v: f32| u * u + v * v <= 0.64;
        let diamond = |u: f32, v: f32| u.abs() + v.abs() <= 0.8;
        let (a, fill_a) = shape_moments(&samples(step, (0.0, 0.0), disc), step);
        // A lattice 0.08 of the disc off (a pixel or two): one kind still measures alike.
        let (b, fill_b) = shape_moments(&samples(step, (0.08, -0.08), disc), step);
        for k in 0..3 {
            assert!((a[k] - b[k]).abs() < 0.03, "{k}: {a:?} {b:?}");
        }
        assert!((fill_a - fill_b).abs() < 0.05, "{fill_a} {fill_b}");
        // A disc and a diamond of one colour: told apart by how they fill their box.
        let (_, fill_d) = shape_moments(&samples(step, (0.0, 0.0), diamond), step);
        assert!(fill_a > 0.7 && fill_d < 0.6, "{fill_a} {fill_d}");
    }
}
