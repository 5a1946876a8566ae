//! Queens stage 2: measure each cell and each shared edge of a located grid.
//!
//! - Cell colour: the per-channel CIELAB median of points on a square ring around the centre,
//!   away from the centre glyph (crown, x mark) and from the borders.
//! - Centre glyph: the share of points in a central square that differ clearly from the cell
//!   colour, their bounding box and mean colour (used by the pieces stage).
//! - Edge weight: how much darkness lies across the shared edge of two cells, integrated
//!   across the line (effective width in pixels of a black line); thick region borders weigh
//!   several times more than thin cell borders, whatever the blur or antialiasing.

use super::color::{Lab, luma};
use crate::board::Grid;
use crate::vision::pixel::{chroma, on_segment};
use image::RgbImage;

/// Tunables of the sampling stage (fractions are of the cell pitch).
#[derive(Clone, Debug)]
pub struct SampleOptions {
    /// Inner half-size of the colour ring. Default 0.27 (outside most glyphs).
    pub ring_inner: f32,
    /// Outer half-size of the colour ring. Default 0.40 (inside the borders).
    pub ring_outer: f32,
    /// Sample points per side of the ring's bounding square. Default 16.
    pub ring_points: usize,
    /// Half-size of the central square searched for a glyph. Default 0.3.
    pub glyph_half: f32,
    /// Sample points per side of the central square. Default 24.
    pub glyph_points: usize,
    /// RGB distance from the cell colour above which a centre point is glyph. Default 70.
    pub glyph_distance: f32,
    /// Ring points whose CIE76 distance from the median colour is at most `bg_spread` times
    /// the spread plus `bg_margin` make the background RGB the glyph is told from. Default 2.
    pub bg_spread: f32,
    /// See `bg_spread`. Default 3.
    pub bg_margin: f32,
    /// A cell's ring counts as shaded (see [`CellSample::shading`]) only when its lightest
    /// sector's colour is within this CIE76 distance of a white or black mix of its darkest
    /// one. Default 3.
    pub shading_tolerance: f32,
    /// Ring points far from the background (beyond `glyph_distance`) that make up at least
    /// this share of the ring and whose median colour is red (chroma at least
    /// `stripe_min_chroma`, hue within `stripe_max_hue` degrees of pure red) are LinkedIn's
    /// rule-break stripes: centre points on the line from the background to that colour
    /// (within `stripe_reach`, largest channel difference) are not glyph. Default 0.1.
    pub stripe_min_share: f32,
    /// See `stripe_min_share`. Default 60.
    pub stripe_min_chroma: f32,
    /// See `stripe_min_share`. Default 25.
    pub stripe_max_hue: f32,
    /// See `stripe_min_share`. Default 40.
    pub stripe_reach: f32,
    /// Ring points lighter than the background by at least this much luma and darker in no
    /// channel by more than 8, when they make up at least `hatch_min_share` of the ring, are
    /// light hatching (the cells a phone's hint mode leaves out) or a light band: centre
    /// points on the line from the background to their median colour are not glyph, as for
    /// stripes. x marks and crowns are darker than their cell. `None` turns the rule off.
    /// Default Some(20).
    pub hatch_min_lift: Option<f32>,
    /// See `hatch_min_lift` (thin hatching lines cover less of the ring than stripes).
    /// Default 0.03.
    pub hatch_min_share: f32,
    /// Dark hatching too (the hint mode's grey lines over the cells it leaves out): ring
    /// points darker than the background by at least `hatch_min_lift` luma and lighter in no
    /// channel by more than 8, at least `hatch_min_share` of the ring, in the inner half of
    /// at least this many of the ring's eight sectors (hatching crosses the whole ring; a
    /// crown's sides reach into it in four at most; the cell's borders, blurred on a small
    /// capture, reach only its outer half: stress seed 160, a 12x12 board at 0.41x blurred,
    /// lost its 27 x marks when the whole ring counted). Centre points on the line from
    /// the background to their median colour, within [`Self::hatch_dark_reach`], are not
    /// glyph. `None`: off (dark lines over a light cell read as a crown: hint-mode 6800016,
    /// 18 crowns on an empty board). Default Some(6).
    pub hatch_dark_sectors: Option<usize>,
    /// See `hatch_dark_sectors`: the reach (largest channel difference) is tighter than the
    /// stripes' (`stripe_reach`) because an x mark is dark too and lies on the far side of
    /// the hatching's colour. Default 24.
    pub hatch_dark_reach: f32,
    /// CIELAB a* above the cell colour's at which a ring point counts as reddened (see
    /// [`CellSample::reddened`]). Default 8.
    pub red_shift: f32,
    /// ... and the point's own a* at least this (red, not a dark line over a green or blue
    /// cell, which also moves a* up towards 0). Default 10.
    pub red_min_a: f32,
    /// ... and reddened points in at least this many of the ring's eight sectors (stripes
    /// cross the whole ring; a neighbour's red seen at one side of it under a slight tilt
    /// does not). Default 8.
    pub red_min_sectors: usize,
    /// Half-width of the scan across an edge. Default 0.2.
    pub edge_half: f32,
    /// Number of scans along each edge (spread over `edge_from..edge_from + edge_span` of its
    /// length). Default 5.
    pub edge_scans: usize,
    /// Where along an edge the first scan lies, as a share of its length. Default 0.2.
    pub edge_from: f32,
    /// Share of an edge's length over which the scans are spread. Default 0.6.
    pub edge_span: f32,
    /// Degrees the capture was turned back before it is read (set by the pipeline when it
    /// straightens a tilted capture; see [`crate::vision::deskew::in_capture`]): the corners
    /// the turn uncovers are filled with the border's colour, not the capture. Default 0 (read
    /// as captured).
    pub turned_by: f32,
    /// On a turned capture, a cell whose colour ring has less than this share of its points
    /// in the capture ([`ring_in_capture`]) is read from the fill, not from the board, and is
    /// doubted (realhunt 910019: a board cut through its last column and turned 3.4 degrees,
    /// the top cell of the cut column, 40% of it in view, read as the page-coloured fill beside
    /// it: the orange region next to it, a wrong answer). `None`: off. Default 0.5.
    pub in_capture_min: Option<f32>,
}

impl Default for SampleOptions {
    fn default() -> Self {
        SampleOptions {
            ring_inner: 0.27,
            ring_outer: 0.40,
            ring_points: 16,
            glyph_half: 0.3,
            glyph_points: 24,
            glyph_distance: 70.0,
            bg_spread: 2.0,
            bg_margin: 3.0,
            shading_tolerance: 3.0,
            stripe_min_share: 0.1,
            stripe_min_chroma: 60.0,
            stripe_max_hue: 25.0,
            stripe_reach: 40.0,
            hatch_min_lift: Some(20.0),
            hatch_min_share: 0.03,
            hatch_dark_sectors: Some(6),
            hatch_dark_reach: 24.0,
            red_shift: 8.0,
            red_min_a: 10.0,
            red_min_sectors: 8,
            edge_half: 0.2,
            edge_scans: 5,
            edge_from: 0.2,
            edge_span: 0.6,
            turned_by: 0.0,
            in_capture_min: Some(0.5),
        }
    }
}

/// The share of cell `pos`'s colour ring (its points as [`sample`] takes them) that shows the
/// capture rather than the fill of a turn ([`SampleOptions::turned_by`]); 1 on a capture read
/// as captured.
pub fn ring_in_capture(
    img: &RgbImage,
    g: &Grid,
    pos: crate::puzzle::Pos,
    o: &SampleOptions,
) -> f32 {
    if o.turned_by == 0.0 {
        return 1.0;
    }
    let (cx, cy) = g.center(pos);
    let (mut seen, mut all) = (0usize, 0usize);
    for (fx, fy) in ring_points(o) {
        all += 1;
        let (x, y) = (cx + fx * g.cell_w, cy + fy * g.cell_h);
        seen += usize::from(crate::vision::deskew::in_capture(
            img.width(),
            img.height(),
            o.turned_by,
            x,
            y,
        ));
    }
    seen as f32 / all.max(1) as f32
}

/// The colour ring's sample points, as offsets from the cell's centre in shares of the cell:
/// a grid of [`SampleOptions::ring_points`] per side over the square of half-side
/// `ring_outer`, less the square of half-side `ring_inner`.
fn ring_points(o: &SampleOptions) -> impl Iterator<Item = (f32, f32)> + '_ {
    let m = o.ring_points.max(2);
    let at = move |i: usize| -o.ring_outer + 2.0 * o.ring_outer * i as f32 / (m - 1) as f32;
    (0..m)
        .flat_map(move |iy| (0..m).map(move |ix| (at(ix), at(iy))))
        .filter(move |&(fx, fy)| fx.abs().max(fy.abs()) >= o.ring_inner)
}

/// What sits at the centre of a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Glyph {
    /// Share of the central square's points that are glyph, 0..=1.
    pub coverage: f32,
    /// Width of the glyph's bounding box, as a fraction of the pitch.
    pub width: f32,
    /// Height of the glyph's bounding box, as a fraction of the pitch.
    pub height: f32,
    /// Mean colour of the glyph points (black for x marks and desktop crowns, gold for phone
    /// crowns).
    pub colour: Lab,
}

/// Measurements of one cell.
#[derive(Clone, Copy, Debug)]
pub struct CellSample {
    /// Background colour.
    pub colour: Lab,
    /// Median CIE76 distance of the ring points from `colour` (noise, shading, stray pixels).
    pub spread: f32,
    /// Lightness range over the ring: the median colour of each of its eight sectors (around
    /// the centre), CIE L of the lightest minus the darkest, when one is the other under a
    /// white or black veil (else 0). A flat fill stays near 0 whatever the noise; a band of
    /// light or shade crossing the cell (the win shimmer) raises it.
    pub shading: f32,
    /// Which veil explains the shading better (CIE76): the lightest sector's distance from
    /// the darkest one mixed with white, minus the darkest's from the lightest mixed with
    /// black. Positive when the cell is darkened (an object's shade over part of it, such as
    /// a dark tooltip), negative when it is lightened (the win shimmer's band of light); 0
    /// when `shading` is 0, and near 0 for a grey region, which either veil explains.
    pub darkened: f32,
    /// Share of the ring points redder than `colour` (CIELAB a* higher by at least
    /// [`SampleOptions::red_shift`] and at least [`SampleOptions::red_min_a`]): translucent rule-break stripes tint part of the ring
    /// red, which a flat fill, a crown, hatching or a veil do not.
    pub reddened: f32,
    /// The centre glyph.
    pub glyph: Glyph,
}

/// Measurements of a whole board.
#[derive(Clone, Debug)]
pub struct Samples {
    /// Board side.
    pub n: usize,
    /// Cells, row-major.
    pub cells: Vec<CellSample>,
    /// Line weight between `(r, c)` and `(r, c + 1)`, index `r * (n - 1) + c`, in pixels.
    pub right: Vec<f32>,
    /// Line weight between `(r, c)` and `(r + 1, c)`, index `r * n + c`, in pixels.
    pub down: Vec<f32>,
}

impl Samples {
    /// The median weight of the lines between two cells that were measured (a NaN weight, a
    /// line hidden, is left out); `None` when none was.
    pub fn median_line_weight(&self) -> Option<f32> {
        let mut seen: Vec<f32> = self
            .right
            .iter()
            .chain(&self.down)
            .copied()
            .filter(|w| !w.is_nan())
            .collect();
        let mid = seen.len() / 2;
        (!seen.is_empty()).then(|| *seen.select_nth_unstable_by(mid, f32::total_cmp).1)
    }
}

fn px(img: &RgbImage, x: f32, y: f32) -> [u8; 3] {
    let xi = (x.max(0.0) as u32).min(img.width() - 1);
    let yi = (y.max(0.0) as u32).min(img.height() - 1);
    img.get_pixel(xi, yi).0
}

/// What lies over a cell's ring (see [`stripe_colour`]).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Over {
    /// Rule-break stripes or light hatching of this colour.
    Light([f32; 3]),
    /// Dark hatching of this colour.
    Dark([f32; 3]),
}

/// The colour of rule-break stripes or light or dark hatching over a cell's ring, if they
/// are there (see [`SampleOptions::stripe_min_share`], [`SampleOptions::hatch_min_lift`] and
/// [`SampleOptions::hatch_dark_sectors`]); `sectors` gives each ring point's sector.
fn stripe_colour(
    ring: &[[u8; 3]],
    sectors: &[(usize, bool)],
    bg: [f32; 3],
    o: &SampleOptions,
) -> Option<Over> {
    let far: Vec<[f32; 3]> = ring
        .iter()
        .filter(|&&p| dist_rgb(p, bg) > o.glyph_distance)
        .map(|p| p.map(f32::from))
        .collect();
    let share = |v: &[[f32; 3]]| v.len() as f32 / ring.len().max(1) as f32;
    if !far.is_empty() && share(&far) >= o.stripe_min_share {
        let m = median_rgb(far.clone());
        let (r, g, b) = (m[0], m[1], m[2]);
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        // Red: the red channel leads; the hue's distance from 0 degrees is
        // 60 (g - b) / (max - min).
        let red = max == r && max - min >= o.stripe_min_chroma;
        let hue = 60.0 * (g - b).abs() / (max - min).max(1.0);
        if red && hue <= o.stripe_max_hue && chroma(m) >= o.stripe_min_chroma {
            return Some(Over::Light(m));
        }
    }
    // Light hatching: the ring points lighter than the background (a dark border or a
    // neighbour's colour at the ring's edge does not count).
    let lift = o.hatch_min_lift?;
    let luma = |p: [f32; 3]| 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
    let light: Vec<[f32; 3]> = ring
        .iter()
        .map(|p| p.map(f32::from))
        .filter(|p| luma(*p) - luma(bg) >= lift && (0..3).all(|k| p[k] >= bg[k] - 8.0))
        .collect();
    if !light.is_empty() && share(&light) >= o.hatch_min_share {
        return Some(Over::Light(median_rgb(light)));
    }
    // Dark hatching: darker ring points all round the ring.
    let min_sectors = o.hatch_dark_sectors?;
    let mut seen = [false; SECTORS];
    let dark: Vec<[f32; 3]> = ring
        .iter()
        .zip(sectors)
        .map(|(p, &k)| (p.map(f32::from), k))
        .filter(|(p, _)| luma(bg) - luma(*p) >= lift && (0..3).all(|k| p[k] <= bg[k] + 8.0))
        .map(|(p, (k, inner))| {
            seen[k] |= inner;
            p
        })
        .collect();
    let all_round = seen.iter().filter(|&&s| s).count() >= min_sectors;
    (!dark.is_empty() && share(&dark) >= o.hatch_min_share && all_round)
        .then(|| Over::Dark(median_rgb(dark)))
}

/// Per-channel median.
fn median_rgb(mut v: Vec<[f32; 3]>) -> [f32; 3] {
    let mut m = [0.0f32; 3];
    for (k, c) in m.iter_mut().enumerate() {
        v.sort_by(|a, b| a[k].total_cmp(&b[k]));
        *c = v[v.len() / 2][k];
    }
    m
}

fn dist_rgb(a: [u8; 3], b: [f32; 3]) -> f32 {
    let d = |k: usize| f32::from(a[k]) - b[k];
    (d(0) * d(0) + d(1) * d(1) + d(2) * d(2)).sqrt()
}

pub(crate) fn sample_cell(
    img: &RgbImage,
    g: &Grid,
    r: usize,
    c: usize,
    o: &SampleOptions,
) -> CellSample {
    let (cx, cy) = g.center(crate::puzzle::Pos::new(r, c));
    let (pw, ph) = (g.cell_w, g.cell_h);
    let m = o.ring_points.max(2);
    let mut labs: Vec<Lab> = Vec::with_capacity(m * m);
    let mut rgbs: Vec<[u8; 3]> = Vec::with_capacity(m * m);
    let mut in_sector: Vec<(usize, bool)> = Vec::with_capacity(m * m);
    let mut sectors: [Vec<Lab>; SECTORS] =
        std::array::from_fn(|_| Vec::with_capacity(m * m / SECTORS + 1));
    for (fx, fy) in ring_points(o) {
        let p = px(img, cx + fx * pw, cy + fy * ph);
        let lab = Lab::from_rgb(p);
        sectors[sector(fx, fy)].push(lab);
        in_sector.push((
            sector(fx, fy),
            fx.abs().max(fy.abs()) < (o.ring_inner + o.ring_outer) / 2.0,
        ));
        rgbs.push(p);
        labs.push(lab);
    }
    let colour = Lab::median(&mut labs.clone()).unwrap_or_default();
    // Stripes cross the whole ring; a neighbouring red region's colour at the ring's edge (a
    // slight tilt) reddens one side of it only.
    let red = |l: &Lab| l.a - colour.a >= o.red_shift && l.a >= o.red_min_a;
    let mut red_sectors = [false; SECTORS];
    for (l, &(k, _)) in labs.iter().zip(&in_sector) {
        red_sectors[k] |= red(l);
    }
    let reddened = if red_sectors.iter().filter(|&&r| r).count() >= o.red_min_sectors {
        labs.iter().filter(|l| red(l)).count() as f32 / labs.len().max(1) as f32
    } else {
        0.0
    };
    let mut d: Vec<f32> = labs.iter().map(|l| l.delta_e(colour)).collect();
    let mid = d.len() / 2;
    let spread = if d.is_empty() {
        0.0
    } else {
        *d.select_nth_unstable_by(mid, f32::total_cmp).1
    };
    // Background RGB: mean of the ring points close to the median colour.
    let mut bg = [0f32; 3];
    let mut nb = 0.0;
    for (p, l) in rgbs.iter().zip(&labs) {
        if l.delta_e(colour) <= spread * o.bg_spread + o.bg_margin {
            for k in 0..3 {
                bg[k] += f32::from(p[k]);
            }
            nb += 1.0;
        }
    }
    if nb > 0.0 {
        for v in &mut bg {
            *v /= nb;
        }
    }
    let stripe = stripe_colour(&rgbs, &in_sector, bg, o);
    let q = o.glyph_points.max(2);
    let (mut hits, mut total) = (0usize, 0usize);
    let (mut x0, mut x1, mut y0, mut y1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    let mut sum = [0f32; 3];
    for iy in 0..q {
        let fy = -o.glyph_half + 2.0 * o.glyph_half * iy as f32 / (q - 1) as f32;
        for ix in 0..q {
            let fx = -o.glyph_half + 2.0 * o.glyph_half * ix as f32 / (q - 1) as f32;
            let p = px(img, cx + fx * pw, cy + fy * ph);
            total += 1;
            let striped = stripe.is_some_and(|over| {
                let (s, reach) = match over {
                    Over::Light(s) => (s, o.stripe_reach),
                    Over::Dark(s) => (s, o.hatch_dark_reach),
                };
                on_segment(p.map(f32::from), bg, s).0 <= reach
            });
            if dist_rgb(p, bg) > o.glyph_distance && !striped {
                hits += 1;
                x0 = x0.min(fx);
                x1 = x1.max(fx);
                y0 = y0.min(fy);
                y1 = y1.max(fy);
                for k in 0..3 {
                    sum[k] += f32::from(p[k]);
                }
            }
        }
    }
    let glyph = if hits == 0 {
        Glyph::default()
    } else {
        let h = hits as f32;
        let step = 2.0 * o.glyph_half / (q - 1) as f32;
        Glyph {
            coverage: h / total as f32,
            width: x1 - x0 + step,
            height: y1 - y0 + step,
            colour: Lab::from_rgb([(sum[0] / h) as u8, (sum[1] / h) as u8, (sum[2] / h) as u8]),
        }
    };
    let (shading, darkened) = shading(&mut sectors, o.shading_tolerance);
    CellSample {
        colour,
        spread,
        reddened,
        shading,
        darkened,
        glyph,
    }
}

/// Sectors of the colour ring (see [`CellSample::shading`]).
const SECTORS: usize = 8;

/// The sector of the ring point at `(fx, fy)` from the cell centre.
fn sector(fx: f32, fy: f32) -> usize {
    // The eight 45-degree wedges between the axes and the diagonals, told apart by signs and
    // by which coordinate is larger (no trigonometry: this runs for every ring point).
    usize::from(fx < 0.0) << 2 | usize::from(fy < 0.0) << 1 | usize::from(fx.abs() < fy.abs())
}

/// Largest minus smallest sector median of the lightness, when the lightest sector's colour
/// is the darkest one's mixed with white or black (within `tolerance`); else 0 (a tint such
/// as red rule-break stripes is not a band of light). 0 with fewer than two sectors. With
/// it, which veil explains it better (see [`CellSample::darkened`]).
fn shading(sectors: &mut [Vec<Lab>; SECTORS], tolerance: f32) -> (f32, f32) {
    // The lightest and darkest sectors by their median lightness; whole median colours for
    // those two only (the same result as for all eight, a third of the work).
    let lightness: Vec<(usize, f32)> = sectors
        .iter_mut()
        .enumerate()
        .filter(|(_, v)| !v.is_empty())
        .map(|(i, v)| {
            let mid = v.len() / 2;
            v.select_nth_unstable_by(mid, |p, q| p.l.total_cmp(&q.l));
            (i, v[mid].l)
        })
        .collect();
    let by_l = |a: &&(usize, f32), b: &&(usize, f32)| a.1.total_cmp(&b.1);
    let (Some(&(lo, _)), Some(&(hi, _))) =
        (lightness.iter().min_by(by_l), lightness.iter().max_by(by_l))
    else {
        return (0.0, 0.0);
    };
    let (Some(lo), Some(hi)) = (Lab::median(&mut sectors[lo]), Lab::median(&mut sectors[hi]))
    else {
        return (0.0, 0.0);
    };
    let (lit, shaded) = (hi.veil_distance(lo), lo.veil_distance(hi));
    if lit.min(shaded) <= tolerance {
        (hi.l - lo.l, lit - shaded)
    } else {
        (0.0, 0.0)
    }
}

/// Integrated darkness across a line: scans from `(x, y)` along `(dx, dy)` for `len` pixels
/// each way and sums `(reference - luma) / reference`, where the reference is the brightest
/// luma in the outer half of the same side (so a darker, hovered cell on one side does not
/// count as line).
fn line_weight(img: &RgbImage, x: f32, y: f32, dx: f32, dy: f32, len: f32) -> f32 {
    let steps = len.ceil().max(2.0) as i32;
    let ys: Vec<f32> = (-steps..=steps)
        .map(|t| {
            let t = t as f32;
            f32::from(luma(px(img, x + t * dx, y + t * dy)))
        })
        .collect();
    let centre = steps as usize;
    let half = (steps as usize).div_ceil(2);
    let before = ys[..=centre - half].iter().copied().fold(1.0f32, f32::max);
    let after = ys[centre + half..].iter().copied().fold(1.0f32, f32::max);
    ys.iter()
        .enumerate()
        .map(|(i, v)| {
            let reference = match i.cmp(&centre) {
                std::cmp::Ordering::Less => before,
                std::cmp::Ordering::Greater => after,
                std::cmp::Ordering::Equal => before.min(after),
            };
            ((reference - v) / reference).max(0.0)
        })
        .sum()
}

/// The weight (pixels, [`line_weight`]) of the line right of (`right`) or below cell
/// `(r, c)` of `g`: the median of [`SampleOptions::edge_scans`] scans along it. The cell need
/// not have a neighbour there (the board's outer frame).
pub fn edge_weight(
    img: &RgbImage,
    g: &Grid,
    r: usize,
    c: usize,
    right: bool,
    o: &SampleOptions,
) -> f32 {
    let s = o.edge_scans.max(1);
    let mut w: Vec<f32> = (0..s)
        .map(|k| {
            let f = if s == 1 {
                0.5
            } else {
                o.edge_from + o.edge_span * k as f32 / (s - 1) as f32
            };
            if right {
                let x = g.left + (c + 1) as f32 * g.cell_w;
                let y = g.top + (r as f32 + f) * g.cell_h;
                line_weight(img, x, y, 1.0, 0.0, o.edge_half * g.cell_w)
            } else {
                let x = g.left + (c as f32 + f) * g.cell_w;
                let y = g.top + (r + 1) as f32 * g.cell_h;
                line_weight(img, x, y, 0.0, 1.0, o.edge_half * g.cell_h)
            }
        })
        .collect();
    let mid = w.len() / 2;
    *w.select_nth_unstable_by(mid, f32::total_cmp).1
}

/// Measures every cell and every shared edge of `grid`.
pub fn sample(img: &RgbImage, grid: &Grid, o: &SampleOptions) -> Samples {
    let n = grid.rows;
    let mut cells = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            cells.push(sample_cell(img, grid, r, c, o));
        }
    }
    let mut right = Vec::with_capacity(n * n.saturating_sub(1));
    for r in 0..n {
        for c in 0..n.saturating_sub(1) {
            right.push(edge_weight(img, grid, r, c, true, o));
        }
    }
    let mut down = Vec::with_capacity(n * n.saturating_sub(1));
    for r in 0..n.saturating_sub(1) {
        for c in 0..n {
            down.push(edge_weight(img, grid, r, c, false, o));
        }
    }
    Samples {
        n,
        cells,
        right,
        down,
    }
}

#[cfg(test)]
mod tests {
    use super::super::locate::tests::{PALETTE, draw_board, sample_labels};
    use super::*;

    #[test]
    fn colours_and_edges_of_a_synthetic_board() {
        let labels = sample_labels();
        let img = draw_board(&labels, 7, 60, 20, [255, 255, 255], &PALETTE);
        let g = Grid {
            rows: 7,
            cols: 7,
            left: 20.0,
            top: 20.0,
            cell_w: 60.0,
            cell_h: 60.0,
        };
        let s = sample(&img, &g, &SampleOptions::default());
        for (i, cell) in s.cells.iter().enumerate() {
            let want = Lab::from_rgb(PALETTE[labels[i] as usize]);
            assert!(cell.colour.delta_e(want) < 1.0, "cell {i}");
            assert_eq!(cell.glyph.coverage, 0.0);
        }
        // Thick borders weigh more than thin ones.
        for r in 0..7 {
            for c in 0..6 {
                let w = s.right[r * 6 + c];
                if labels[r * 7 + c] == labels[r * 7 + c + 1] {
                    assert!(w < 2.5, "thin {r},{c}: {w}");
                } else {
                    assert!(w > 4.0, "thick {r},{c}: {w}");
                }
            }
        }
    }

    /// A translucent veil over the lower half of a tan cell: a dark one (an object's shade)
    /// reads as darkened, a light one (the win shimmer's band) as lightened, by a clear
    /// margin either way.
    #[test]
    fn a_shade_and_a_band_of_light_are_told_apart() {
        let tan = [190u8, 170, 140];
        let veiled = |end: u8| {
            RgbImage::from_fn(80, 80, |_, y| {
                if y < 40 {
                    image::Rgb(tan)
                } else {
                    image::Rgb(tan.map(|v| ((f32::from(v) + f32::from(end)) / 2.0) as u8))
                }
            })
        };
        let o = SampleOptions::default();
        let dark = sample(&veiled(0), &one_cell(), &o).cells[0];
        let light = sample(&veiled(255), &one_cell(), &o).cells[0];
        assert!(dark.shading > 4.5 && light.shading > 4.5);
        assert!(dark.darkened > 5.0, "dark {}", dark.darkened);
        assert!(light.darkened < -5.0, "light {}", light.darkened);
        let flat = sample(
            &RgbImage::from_pixel(80, 80, image::Rgb(tan)),
            &one_cell(),
            &o,
        );
        assert_eq!(flat.cells[0].darkened, 0.0);
    }

    /// One 80 px cell of `fill` under white diagonal hatching (2 px lines every 12 px), with
    /// a dark x mark at its centre when `mark`.
    fn hatched_cell(fill: [u8; 3], mark: bool) -> RgbImage {
        hatched_with(fill, mark, |_| [250, 250, 250])
    }

    /// The grid of the 80 px one-cell images above.
    fn one_cell() -> Grid {
        Grid {
            rows: 1,
            cols: 1,
            left: 0.0,
            top: 0.0,
            cell_w: 80.0,
            cell_h: 80.0,
        }
    }

    /// As [`hatched_cell`], the hatching's lines of the colour `line` gives for the pixel
    /// under them (the x mark is drawn first, the hatching over it).
    fn hatched_with(fill: [u8; 3], mark: bool, line: impl Fn([u8; 3]) -> [u8; 3]) -> RgbImage {
        RgbImage::from_fn(80, 80, |x, y| {
            let (dx, dy) = (x as i32 - 40, y as i32 - 40);
            let under = if mark && dx.abs() <= 5 && (dx - dy).abs() <= 1
                || mark && dx.abs() <= 5 && (dx + dy).abs() <= 1
            {
                [40, 40, 40]
            } else {
                fill
            };
            image::Rgb(if (x + y) % 12 < 2 { line(under) } else { under })
        })
    }

    #[test]
    fn dark_hatching_is_not_a_glyph_and_hides_no_x_mark() {
        let g = one_cell();
        let o = SampleOptions::default();
        // The hint mode's grey (0x3A) lines, 40% and 70% opaque.
        for a in [0.4f32, 0.7] {
            let grey = move |p: [u8; 3]| p.map(|v| (f32::from(v) * (1.0 - a) + 58.0 * a) as u8);
            for fill in [[187, 163, 226], [96, 224, 208], [255, 201, 146]] {
                let blank = sample_cell(&hatched_with(fill, false, grey), &g, 0, 0, &o);
                assert_eq!(blank.glyph.coverage, 0.0, "{fill:?} {a}: {:?}", blank.glyph);
                let marked = sample_cell(&hatched_with(fill, true, grey), &g, 0, 0, &o);
                assert!(
                    marked.glyph.coverage > 0.008 && marked.glyph.width < 0.2,
                    "{fill:?} {a}: {:?}",
                    marked.glyph
                );
                // The rule off: the lines are glyph.
                let off = SampleOptions {
                    hatch_dark_sectors: None,
                    ..o.clone()
                };
                let seen = sample_cell(&hatched_with(fill, false, grey), &g, 0, 0, &off);
                assert!(seen.glyph.coverage > 0.0, "{fill:?} {a}");
            }
        }
    }

    #[test]
    fn light_hatching_is_not_a_glyph_and_hides_no_x_mark() {
        let g = one_cell();
        let o = SampleOptions::default();
        for fill in [
            [187, 163, 226],
            [255, 123, 96],
            [150, 190, 255],
            [223, 223, 223],
        ] {
            let blank = sample_cell(&hatched_cell(fill, false), &g, 0, 0, &o);
            assert_eq!(blank.glyph.coverage, 0.0, "{fill:?}");
            let marked = sample_cell(&hatched_cell(fill, true), &g, 0, 0, &o);
            assert!(
                marked.glyph.coverage > 0.008,
                "{fill:?}: {:?}",
                marked.glyph
            );
            assert!(marked.glyph.width < 0.2, "{fill:?}: {:?}", marked.glyph);
            // The rule off: the hatching is glyph (on a cell far enough from white).
            if fill == [223, 223, 223] {
                continue;
            }
            let off = SampleOptions {
                hatch_min_lift: None,
                ..o.clone()
            };
            let seen = sample_cell(&hatched_cell(fill, false), &g, 0, 0, &off);
            assert!(seen.glyph.coverage > 0.0, "{fill:?}");
        }
    }
}
