//! Feature vectors of the models, computed from the readers' own measurements (Tango:
//! [`EdgeRead`], [`CellRead`]; Queens: the region stage's [`Samples`] and [`Regions`]),
//! normalised for scale (fractions of the patch or disc, line weights relative to the board's)
//! and theme (contrast towards the glyph colour), plus the hand rule's decision and confidence.

use crate::board::Theme;
use crate::puzzle::{Marker, Pos, Symbol};
use crate::vision::queens::regions::Regions;
use crate::vision::queens::sample::Samples;
use crate::vision::tango::{CellRead, EdgeRead};

/// Edge classes, in model output order.
pub const EDGE_CLASSES: [&str; 3] = ["none", "same", "opposite"];

/// Edge feature names, in input order.
pub const EDGE_FEATURES: [&str; 13] = [
    "contrast",
    "ink_chroma",
    "log_aspect",
    "stroke_ratio",
    "extent",
    "ink_frac",
    "off_centre",
    "intruder",
    "glyph",
    "dark",
    "rule_same",
    "rule_opposite",
    "rule_conf",
];

/// Glyph classes (the kind of a marker glyph), in model output order.
pub const GLYPH_CLASSES: [&str; 2] = ["same", "opposite"];

/// Glyph feature names, in input order: the folded patch ([`EdgeRead::glyph_patch`], `g<row><col>`
/// from the centre out), the glyph box's size in image pixels (log) and its aspect (log).
pub const GLYPH_FEATURES: [&str; 27] = [
    "g00",
    "g01",
    "g02",
    "g03",
    "g04",
    "g10",
    "g11",
    "g12",
    "g13",
    "g14",
    "g20",
    "g21",
    "g22",
    "g23",
    "g24",
    "g30",
    "g31",
    "g32",
    "g33",
    "g34",
    "g40",
    "g41",
    "g42",
    "g43",
    "g44",
    "log_px",
    "log_aspect",
];

/// Small-glyph feature names, in input order: the folded patch at the board's scale
/// ([`EdgeRead::small_patch`], `s<row><col>` from the centre out), the cell's side in image
/// pixels (log), the glyph box's size in image pixels (log) and its aspect (log).
pub const GLYPH_SMALL_FEATURES: [&str; 28] = [
    "s00",
    "s01",
    "s02",
    "s03",
    "s04",
    "s10",
    "s11",
    "s12",
    "s13",
    "s14",
    "s20",
    "s21",
    "s22",
    "s23",
    "s24",
    "s30",
    "s31",
    "s32",
    "s33",
    "s34",
    "s40",
    "s41",
    "s42",
    "s43",
    "s44",
    "log_cell",
    "log_px",
    "log_aspect",
];

/// Cell classes, in model output order.
pub const CELL_CLASSES: [&str; 3] = ["empty", "sun", "moon"];

/// Cell feature names, in input order.
pub const CELL_FEATURES: [&str; 15] = [
    "icon_frac",
    "red",
    "yellow",
    "green",
    "blue",
    "purple",
    "dark_ink",
    "light_ink",
    "warmth",
    "board_warmth",
    "overlay",
    "dark",
    "rule_sun",
    "rule_moon",
    "rule_conf",
];

/// Class index of an edge marker.
pub fn edge_class(m: Option<Marker>) -> usize {
    match m {
        None => 0,
        Some(Marker::Same) => 1,
        Some(Marker::Opposite) => 2,
    }
}

/// Marker of an edge class index.
pub fn edge_marker(class: usize) -> Option<Marker> {
    match class {
        1 => Some(Marker::Same),
        2 => Some(Marker::Opposite),
        _ => None,
    }
}

/// Class index of a cell symbol.
pub fn cell_class(s: Option<Symbol>) -> usize {
    match s {
        None => 0,
        Some(Symbol::Sun) => 1,
        Some(Symbol::Moon) => 2,
    }
}

fn flag(b: bool) -> f32 {
    if b { 1.0 } else { 0.0 }
}

/// The features of one edge read.
pub fn edge_features(e: &EdgeRead, theme: Theme) -> [f32; 13] {
    let glyph = e.extent > 0.0;
    [
        e.contrast / 255.0,
        e.ink_chroma / 255.0,
        if e.aspect > 0.0 { e.aspect.ln() } else { 0.0 },
        e.stroke_ratio,
        e.extent,
        e.ink_frac,
        e.off_centre,
        flag(e.intruder),
        flag(glyph),
        flag(theme == Theme::Dark),
        flag(e.marker == Some(Marker::Same)),
        flag(e.marker == Some(Marker::Opposite)),
        e.conf,
    ]
}

/// The features of one glyph: its folded patch, box size (image pixels) and aspect.
pub fn glyph_features(patch: &[f32; 25], glyph_px: f32, aspect: f32) -> [f32; 27] {
    let mut x = [0.0f32; 27];
    x[..25].copy_from_slice(patch);
    x[25] = glyph_px.max(1.0).ln();
    x[26] = if aspect > 0.0 { aspect.ln() } else { 0.0 };
    x
}

/// The features of one small glyph: its folded patch at the board's scale, the cell's side,
/// the box's size (image pixels) and aspect.
pub fn glyph_small_features(
    patch: &[f32; 25],
    cell_px: f32,
    glyph_px: f32,
    aspect: f32,
) -> [f32; 28] {
    let mut x = [0.0f32; 28];
    x[..25].copy_from_slice(patch);
    x[25] = cell_px.max(1.0).ln();
    x[26] = glyph_px.max(1.0).ln();
    x[27] = if aspect > 0.0 { aspect.ln() } else { 0.0 };
    x
}

/// Warmth of an icon histogram: warm share minus blue share.
fn warmth(h: &[f32]) -> f32 {
    h[0] + h[1] - h[3]
}

/// The features of every cell of a board (row-major, as `cells`). `board_warmth` is the
/// cell's warmth minus the mean warmth of the board's cells whose icon disc is at least
/// `icon_min_frac` full: icons are compared with the others of their board.
pub fn cell_features(cells: &[CellRead], theme: Theme, icon_min_frac: f32) -> Vec<[f32; 15]> {
    let filled: Vec<f32> = cells
        .iter()
        .filter(|c| c.icon_frac >= icon_min_frac)
        .map(|c| warmth(&c.hist))
        .collect();
    let mean = if filled.is_empty() {
        0.0
    } else {
        filled.iter().sum::<f32>() / filled.len() as f32
    };
    cells
        .iter()
        .map(|c| {
            let h = &c.hist;
            let w = warmth(h);
            [
                c.icon_frac,
                h[0],
                h[1],
                h[2],
                h[3],
                h[4],
                h[5],
                h[6],
                w,
                w - mean,
                c.overlay,
                flag(theme == Theme::Dark),
                flag(c.symbol == Some(Symbol::Sun)),
                flag(c.symbol == Some(Symbol::Moon)),
                c.conf,
            ]
        })
        .collect()
}

/// Tango cell background classes, in model output order: the plain ground of an open cell,
/// or a locked given's shaded ground.
pub const BACKGROUND_CLASSES: [&str; 2] = ["plain", "given"];

/// Tango cell background feature names, in input order.
pub const BACKGROUND_FEATURES: [&str; 11] = [
    "towards_median",
    "towards_plainest",
    "board_range",
    "bg_chroma",
    "overlay",
    "unclear",
    "icon_frac",
    "dark",
    "rule_given",
    "unclear_rule_given",
    "rule_conf",
];

/// Class index of a Tango cell background: 0 `plain`, 1 `given`.
pub fn background_class(given: bool) -> usize {
    usize::from(given)
}

/// The background features of every cell of a board (row-major, as `cells`). Lumas are of
/// the cell's ground ([`CellRead::bg`], /255) and oriented towards a given's shading (light
/// theme: darker, dark theme: lighter): `towards_median` from the board's median ground,
/// `towards_plainest` from its plainest ground (lightest in light mode, darkest in dark
/// mode), `board_range` the spread between its plainest and most shaded grounds. An
/// `unclear` cell's ground does not show whether it is a given's: lit or dimmed out of the
/// theme's range ([`CellRead::lit`]) or striped ([`CellRead::overlay`] above
/// `overlay_max_frac`, the reader's [`crate::vision::tango::TangoReadOptions::overlay_max_frac`]);
/// its two luma differences are 0, it is left out of the board's figures, and the hand rule's
/// decision is also given times `unclear` (`unclear_rule_given`: the rule reads such a ground
/// as it does a clear one).
pub fn background_features(
    cells: &[CellRead],
    theme: Theme,
    overlay_max_frac: f32,
) -> Vec<[f32; 11]> {
    let unclear = |c: &CellRead| c.lit || c.overlay > overlay_max_frac;
    let sign = if theme == Theme::Dark { 1.0 } else { -1.0 };
    let luma = |c: &CellRead| crate::vision::pixel::luma(c.bg) / 255.0;
    let mut towards: Vec<f32> = cells
        .iter()
        .filter(|c| !unclear(c))
        .map(|c| sign * luma(c))
        .collect();
    towards.sort_by(f32::total_cmp);
    let median = towards.get(towards.len() / 2).copied().unwrap_or(0.0);
    let plainest = towards.first().copied().unwrap_or(0.0);
    let shaded = towards.last().copied().unwrap_or(0.0);
    cells
        .iter()
        .map(|c| {
            let t = sign * luma(c);
            let clear = if unclear(c) { 0.0 } else { 1.0 };
            [
                clear * (t - median),
                clear * (t - plainest),
                shaded - plainest,
                crate::vision::pixel::chroma(c.bg) / 255.0,
                c.overlay,
                1.0 - clear,
                c.icon_frac,
                flag(theme == Theme::Dark),
                flag(c.given),
                (1.0 - clear) * flag(c.given),
                c.given_conf,
            ]
        })
        .collect()
}

/// Queens pair classes (two 4-adjacent cells), in model output order: one region, or a
/// region border between them.
pub const QUEENS_PAIR_CLASSES: [&str; 2] = ["same", "border"];

/// Queens pair feature names, in input order.
pub const QUEENS_PAIR_FEATURES: [&str; 16] = [
    "delta_e",
    "log_delta_e",
    "delta_l",
    "delta_ab",
    "min_chroma",
    "border",
    "log_weight",
    "two_borders",
    "hidden",
    "spread",
    "shading",
    "reddened",
    "glyph",
    "dark",
    "rule_same",
    "rule_conf",
];

/// One pair of 4-adjacent cells of a Queens board and its features.
#[derive(Clone, Debug, PartialEq)]
pub struct QueensPair {
    /// The first cell (left or upper).
    pub a: Pos,
    /// The second cell (right or lower).
    pub b: Pos,
    /// Features, in [`QUEENS_PAIR_FEATURES`] order.
    pub x: [f32; 16],
}

/// Class index of a Queens pair: 0 `same`, 1 `border`.
pub fn queens_pair_class(same: bool) -> usize {
    usize::from(!same)
}

/// The features of every pair of 4-adjacent cells of a Queens board: the edges between
/// horizontal neighbours row by row, then between vertical ones (the order of
/// [`Samples::right`] and [`Samples::down`]).
///
/// `s` is what the region stage grouped (`QueensTrace::grouped`: cells re-read under a band
/// of light, the lines under a pointer hidden), `regions` its region map (the hand rule).
/// Colour differences are CIE76 (in tens), `border` the region stage's thin (-1) to thick
/// (+1) evidence (0 when the board shows one kind of line, or the line is hidden),
/// `log_weight` the line's weight over the board's median line weight (log), and the
/// per-cell measurements the larger of the two cells'.
pub fn queens_pair_features(s: &Samples, regions: &Regions, theme: Theme) -> Vec<QueensPair> {
    let n = s.n;
    let median = s.median_line_weight().unwrap_or(1.0).max(0.05);
    let pair = |a: Pos, b: Pos, w: f32| {
        let (i, j) = (a.index(n), b.index(n));
        let (ca, cb) = (&s.cells[i], &s.cells[j]);
        let (la, lb) = (ca.colour, cb.colour);
        let de = la.delta_e(lb);
        let hidden = w.is_nan();
        let border = match regions.border_levels {
            Some((thin, thick)) if !hidden => {
                let t = (w.max(0.05).ln() - thin.ln()) / (thick.ln() - thin.ln());
                (2.0 * t - 1.0).clamp(-1.0, 1.0)
            }
            _ => 0.0,
        };
        QueensPair {
            a,
            b,
            x: [
                de / 10.0,
                de.ln_1p(),
                (la.l - lb.l).abs() / 10.0,
                (la.a - lb.a).hypot(la.b - lb.b) / 10.0,
                la.chroma().min(lb.chroma()) / 10.0,
                border,
                if hidden {
                    0.0
                } else {
                    (w.max(0.05) / median).ln()
                },
                flag(regions.border_levels.is_some()),
                flag(hidden),
                ca.spread.max(cb.spread) / 10.0,
                ca.shading.max(cb.shading) / 10.0,
                ca.reddened.max(cb.reddened),
                ca.glyph.coverage.max(cb.glyph.coverage),
                flag(theme == Theme::Dark),
                flag(regions.labels[i] == regions.labels[j]),
                regions.confidence[i].min(regions.confidence[j]),
            ],
        }
    };
    let mut out = Vec::with_capacity(s.right.len() + s.down.len());
    for r in 0..n {
        for c in 0..n.saturating_sub(1) {
            out.push(pair(
                Pos::new(r, c),
                Pos::new(r, c + 1),
                s.right[r * (n - 1) + c],
            ));
        }
    }
    for r in 0..n.saturating_sub(1) {
        for c in 0..n {
            out.push(pair(Pos::new(r, c), Pos::new(r + 1, c), s.down[r * n + c]));
        }
    }
    out
}

/// Queens player-mark classes (what a player placed on a cell), in model output order.
pub const QUEENS_MARK_CLASSES: [&str; 3] = ["none", "cross", "crown"];

/// Queens player-mark feature names, in input order.
pub const QUEENS_MARK_FEATURES: [&str; 15] = [
    "coverage",
    "width",
    "height",
    "log_extent",
    "aspect",
    "glyph_dl",
    "glyph_de",
    "glyph_chroma",
    "spread",
    "shading",
    "reddened",
    "dark",
    "rule_cross",
    "rule_crown",
    "sqrt_coverage",
];

/// Class index of a Queens cell's mark: 0 `none`, 1 `cross`, 2 `crown`.
pub fn queens_mark_class(p: Option<&crate::board::Placed>) -> usize {
    match p {
        None => 0,
        Some(crate::board::Placed::Cross { .. }) => 1,
        Some(_) => 2,
    }
}

/// The features of every cell of a Queens board (row-major) for the player-mark model, from
/// the cells' measurements (`QueensTrace::samples`) and the marks the hand rule read there
/// (`Reading::placed`). `glyph_dl` is the glyph's lightness below the cell's (in tens; an x
/// mark or a desktop crown is dark, a phone crown gold), `glyph_de` the CIE76 distance
/// between them, sizes are fractions of the pitch as the pieces stage measures them.
pub fn queens_mark_features(
    s: &Samples,
    placed: &[crate::board::Placed],
    theme: Theme,
) -> Vec<[f32; 15]> {
    s.cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let g = c.glyph;
            let pos = Pos::new(i / s.n, i % s.n);
            let rule = placed.iter().find(|p| p.pos() == pos);
            let class = queens_mark_class(rule);
            let ext = g.width.max(g.height);
            let seen = g.coverage > 0.0;
            [
                g.coverage,
                g.width,
                g.height,
                (ext + 0.01).ln(),
                if ext > 0.0 {
                    g.width.min(g.height) / ext
                } else {
                    0.0
                },
                if seen {
                    (c.colour.l - g.colour.l) / 10.0
                } else {
                    0.0
                },
                if seen {
                    c.colour.delta_e(g.colour) / 10.0
                } else {
                    0.0
                },
                if seen { g.colour.chroma() / 10.0 } else { 0.0 },
                c.spread / 10.0,
                c.shading / 10.0,
                c.reddened,
                flag(theme == Theme::Dark),
                flag(class == 1),
                flag(class == 2),
                g.coverage.max(0.0).sqrt(),
            ]
        })
        .collect()
}
