//! Feature vectors of the Tango models, computed from the reader's own measurements
//! ([`EdgeRead`], [`CellRead`]), normalised for scale (fractions of the patch or disc) and
//! theme (contrast towards the glyph colour), plus the hand rule's decision and confidence.

use crate::board::Theme;
use crate::puzzle::{Marker, Symbol};
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
