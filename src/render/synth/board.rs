//! The boards themselves: Tango cells, lines, markers and symbols; Queens regions, borders,
//! crowns and x marks.

use super::variation::{Icon, draw_icon};
use crate::board::{Grid, Placed};
use crate::puzzle::{Edge, Marker, Pos, Queens, Symbol, Tango};
use crate::render::draw::{self, Color, GlyphStyle, Shape, hex, mix};
use crate::render::palette::{self, Palette};
use crate::render::rng::Rng;
use image::RgbImage;

/// Region colours for `n` regions (shuffled with the seed when asked).
pub(super) fn region_colors(n: usize, shuffle: bool, rng: &mut Rng) -> Vec<Color> {
    let mut v: Vec<u32> = palette::QUEENS_REGIONS.to_vec();
    if shuffle {
        // Shuffle within the first `n` colours (plus a few more for variety) so that large
        // boards still get the distinct colours first.
        let k = (n + 2).min(v.len());
        rng.shuffle(&mut v[..k]);
    }
    v.into_iter().take(n.max(1)).map(hex).collect()
}

/// How much the hovered Queens cell darkens (0 = not at all, 1 = black).
pub const HOVER_DARKEN: f32 = 0.12;

/// Tango board proportions relative to the cell pitch.
mod tango_geo {
    /// Grid line width.
    pub const LINE: f32 = 0.03;
    /// Outer border corner radius.
    pub const CORNER: f32 = 0.06;
    /// Length of the gap cut into a grid line around a marker.
    pub const MARKER_GAP: f32 = 0.30;
}

/// Draws a Tango board: cells, lines, markers, then givens and placed pieces (sun and moon,
/// or the themed `icons`).
pub(super) fn draw_tango(
    img: &mut RgbImage,
    g: &Grid,
    t: &Tango,
    placed: &[Placed],
    pal: &Palette,
    icons: Option<&[Icon; 2]>,
) {
    let c = g.cell_w;
    let (x0, y0) = (g.left, g.top);
    let (x1, y1) = (g.left + g.width(), g.top + g.height());
    let lw = (c * tango_geo::LINE).max(1.0);
    let corner = c * tango_geo::CORNER;
    // Cells.
    draw::fill(
        img,
        &Shape::rrect(x0, y0, x1, y1, corner),
        pal.tango_cell,
        1.0,
    );
    for (pos, _) in t.givens() {
        let cx0 = x0 + pos.col as f32 * c;
        let cy0 = y0 + pos.row as f32 * c;
        let s = Shape::rrect(cx0, cy0, cx0 + c, cy0 + c, 0.0)
            .intersect(Shape::rrect(x0, y0, x1, y1, corner));
        draw::fill(img, &s, pal.tango_given, 1.0);
    }
    // Grid lines and the outer border.
    for k in 1..t.cols() {
        let x = x0 + k as f32 * c;
        draw::line(img, (x, y0), (x, y1), lw, pal.tango_line);
    }
    for k in 1..t.rows() {
        let y = y0 + k as f32 * c;
        draw::line(img, (x0, y), (x1, y), lw, pal.tango_line);
    }
    draw::fill(
        img,
        &Shape::rrect(x0, y0, x1, y1, corner).stroke(lw),
        pal.tango_line,
        1.0,
    );
    // Markers: a gap in the line, then the glyph.
    for (e, m) in t.markers() {
        let (cx, cy) = g.edge_center(e);
        let gl = c * tango_geo::MARKER_GAP / 2.0;
        let gw = lw / 2.0 + 0.5;
        let gap = match e {
            Edge::Right(_) => Shape::rrect(cx - gw, cy - gl, cx + gw, cy + gl, 0.0),
            Edge::Down(_) => Shape::rrect(cx - gl, cy - gw, cx + gl, cy + gw, 0.0),
        };
        let (a, b) = e.cells();
        let bg = if t.given(a).is_some() && t.given(b).is_some() {
            pal.tango_given
        } else {
            pal.tango_cell
        };
        draw::fill(img, &gap, bg, 1.0);
        match m {
            Marker::Same => draw::same_marker(img, cx, cy, c, pal.tango_marker),
            Marker::Opposite => draw::opposite_marker(img, cx, cy, c, pal.tango_marker),
        }
    }
    // Givens and placed pieces.
    let symbols = t.givens().chain(placed.iter().filter_map(|pl| match *pl {
        Placed::Symbol { pos, symbol } => Some((pos, symbol)),
        _ => None,
    }));
    for (pos, s) in symbols {
        let (cx, cy) = g.center(pos);
        if let Some(icons) = icons {
            draw_icon(img, icons, s, (cx, cy), c);
            continue;
        }
        let st = pal.symbol_style(s);
        match s {
            Symbol::Sun => draw::sun(img, cx, cy, c, &st),
            Symbol::Moon => draw::moon(img, cx, cy, c, &st),
        }
    }
}

/// Queens board proportions relative to the cell pitch.
pub(super) mod queens_geo {
    /// Thin cell border width (at least 1 px).
    pub const THIN: f32 = 0.015;
    /// Region border width (at least 2 px).
    pub const THICK: f32 = 0.045;
    /// Outer frame width (at least 2.5 px).
    pub const OUTER: f32 = 0.09;
    /// Outer frame corner radius.
    pub const CORNER: f32 = 0.08;
}

pub(super) fn draw_queens(
    img: &mut RgbImage,
    g: &Grid,
    q: &Queens,
    placed: &[Placed],
    pal: &Palette,
    colors: &[Vec<Color>],
    gold: bool,
) {
    let n = q.n();
    let c = g.cell_w;
    let (x0, y0) = (g.left, g.top);
    let (x1, y1) = (g.left + g.width(), g.top + g.height());
    let color_of = |p: Pos| colors[p.row][p.col];
    for r in 0..n {
        for col in 0..n {
            let p = Pos::new(r, col);
            let cx0 = x0 + col as f32 * c;
            let cy0 = y0 + r as f32 * c;
            draw::fill(
                img,
                &Shape::rrect(cx0, cy0, cx0 + c, cy0 + c, 0.0),
                color_of(p),
                1.0,
            );
        }
    }
    let thin = (c * queens_geo::THIN).max(1.0);
    let thick = (c * queens_geo::THICK).max(2.0);
    for k in 1..n {
        let x = x0 + k as f32 * c;
        draw::line(img, (x, y0), (x, y1), thin, pal.queens_line);
        let y = y0 + k as f32 * c;
        draw::line(img, (x0, y), (x1, y), thin, pal.queens_line);
    }
    // Region borders, extended by half their width so corners join.
    let h = thick / 2.0;
    for r in 0..n {
        for col in 0..n {
            let p = Pos::new(r, col);
            if col + 1 < n && q.region(p) != q.region(Pos::new(r, col + 1)) {
                let x = x0 + (col + 1) as f32 * c;
                let ya = y0 + r as f32 * c;
                draw::line(img, (x, ya - h), (x, ya + c + h), thick, pal.queens_line);
            }
            if r + 1 < n && q.region(p) != q.region(Pos::new(r + 1, col)) {
                let y = y0 + (r + 1) as f32 * c;
                let xa = x0 + col as f32 * c;
                draw::line(img, (xa - h, y), (xa + c + h, y), thick, pal.queens_line);
            }
        }
    }
    let ow = (c * queens_geo::OUTER).max(2.5);
    let corner = c * queens_geo::CORNER;
    // The frame sits mostly outside the cells, covering a little of their edge.
    let o = ow * 0.7;
    let frame = Shape::rrect(x0 - o, y0 - o, x1 + o, y1 + o, corner + o).minus(Shape::rrect(
        x0 + ow - o,
        y0 + ow - o,
        x1 - ow + o,
        y1 - ow + o,
        corner * 0.5,
    ));
    draw::fill(img, &frame, pal.queens_line, 1.0);
    let crown_style = if gold {
        GlyphStyle {
            fill: hex(palette::CROWN_GOLD),
            outline: hex(palette::CROWN_GOLD_OUTLINE),
            fill_opacity: 1.0,
            size: 1.0,
        }
    } else {
        GlyphStyle {
            fill: hex(palette::CROWN_BLACK),
            outline: hex(palette::CROWN_BLACK),
            fill_opacity: 1.0,
            size: 1.0,
        }
    };
    for pl in placed {
        let (cx, cy) = g.center(pl.pos());
        match pl {
            Placed::Crown { .. } => draw::crown(img, cx, cy, c, &crown_style),
            Placed::Cross { pos } => {
                let col = mix(color_of(*pos), hex(0x000000), palette::QUEENS_X_DARKEN);
                draw::queens_x(img, cx, cy, c, col);
            }
            Placed::Symbol { .. } => {}
        }
    }
}
