//! The shared drawing module: anti-aliased, scale-aware shapes and the game glyphs (sun, moon,
//! crown, `=`, `x`, the Queens x mark), plus a tiny blocky bitmap font for page chrome.
//!
//! Every shape is a signed distance function in pixel coordinates (negative inside). A pixel's
//! coverage is taken from the distance at its centre, `clamp(0.5 - d, 0, 1)`, which gives one
//! pixel of anti-aliasing at any scale without supersampling. Glyph sizes are given relative to
//! the cell pitch so the same code draws a 20 px and a 200 px cell.

use image::{Rgb, RgbImage};

/// An RGB colour.
pub type Color = Rgb<u8>;

/// Builds a colour from `0xRRGGBB`.
pub const fn hex(v: u32) -> Color {
    Rgb([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}

/// Mixes two colours: `t = 0` gives `a`, `t = 1` gives `b`.
pub fn mix(a: Color, b: Color, t: f32) -> Color {
    let t = t.clamp(0.0, 1.0);
    let f = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Rgb([f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2])])
}

/// A shape described by its signed distance (pixels, negative inside).
#[derive(Clone, Debug)]
pub enum Shape {
    /// A disc.
    Circle {
        /// Centre x.
        cx: f32,
        /// Centre y.
        cy: f32,
        /// Radius.
        r: f32,
    },
    /// An axis-aligned rectangle `[x0, x1] x [y0, y1]` with rounded corners of radius `r`.
    RoundRect {
        /// Left.
        x0: f32,
        /// Top.
        y0: f32,
        /// Right.
        x1: f32,
        /// Bottom.
        y1: f32,
        /// Corner radius.
        r: f32,
    },
    /// A line segment from `a` to `b` with round caps, `w` wide.
    Segment {
        /// Start.
        a: (f32, f32),
        /// End.
        b: (f32, f32),
        /// Width.
        w: f32,
    },
    /// A closed polygon (any winding, may be concave).
    Polygon(Vec<(f32, f32)>),
    /// Points in either shape.
    Union(Box<Shape>, Box<Shape>),
    /// Points in the first shape and not in the second.
    Subtract(Box<Shape>, Box<Shape>),
    /// Points in both shapes.
    Intersect(Box<Shape>, Box<Shape>),
    /// The shape grown by `d` pixels (shrunk when negative).
    Offset(Box<Shape>, f32),
    /// A band `w` wide centred on the shape's outline.
    Stroke(Box<Shape>, f32),
}

impl Shape {
    /// A rounded rectangle from its corners and corner radius.
    pub fn rrect(x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> Shape {
        Shape::RoundRect { x0, y0, x1, y1, r }
    }
    /// A disc.
    pub fn circle(cx: f32, cy: f32, r: f32) -> Shape {
        Shape::Circle { cx, cy, r }
    }
    /// A round-capped segment.
    pub fn segment(a: (f32, f32), b: (f32, f32), w: f32) -> Shape {
        Shape::Segment { a, b, w }
    }
    /// Union with another shape.
    pub fn union(self, o: Shape) -> Shape {
        Shape::Union(Box::new(self), Box::new(o))
    }
    /// This shape minus another.
    pub fn minus(self, o: Shape) -> Shape {
        Shape::Subtract(Box::new(self), Box::new(o))
    }
    /// Intersection with another shape.
    pub fn intersect(self, o: Shape) -> Shape {
        Shape::Intersect(Box::new(self), Box::new(o))
    }
    /// Grown by `d` pixels.
    pub fn offset(self, d: f32) -> Shape {
        Shape::Offset(Box::new(self), d)
    }
    /// The outline band, `w` wide.
    pub fn stroke(self, w: f32) -> Shape {
        Shape::Stroke(Box::new(self), w)
    }

    /// Signed distance from `(x, y)` to the shape's outline (negative inside).
    pub fn sdf(&self, x: f32, y: f32) -> f32 {
        match self {
            Shape::Circle { cx, cy, r } => ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r,
            Shape::RoundRect { x0, y0, x1, y1, r } => {
                let hx = (x1 - x0) / 2.0;
                let hy = (y1 - y0) / 2.0;
                let r = r.min(hx).min(hy).max(0.0);
                let qx = (x - (x0 + x1) / 2.0).abs() - (hx - r);
                let qy = (y - (y0 + y1) / 2.0).abs() - (hy - r);
                let ox = qx.max(0.0);
                let oy = qy.max(0.0);
                (ox * ox + oy * oy).sqrt() + qx.max(qy).min(0.0) - r
            }
            Shape::Segment { a, b, w } => {
                let (px, py) = (x - a.0, y - a.1);
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len2 = dx * dx + dy * dy;
                let t = if len2 > 0.0 {
                    ((px * dx + py * dy) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                ((px - dx * t).powi(2) + (py - dy * t).powi(2)).sqrt() - w / 2.0
            }
            Shape::Polygon(v) => polygon_sdf(v, x, y),
            Shape::Union(a, b) => a.sdf(x, y).min(b.sdf(x, y)),
            Shape::Subtract(a, b) => a.sdf(x, y).max(-b.sdf(x, y)),
            Shape::Intersect(a, b) => a.sdf(x, y).max(b.sdf(x, y)),
            Shape::Offset(s, d) => s.sdf(x, y) - d,
            Shape::Stroke(s, w) => s.sdf(x, y).abs() - w / 2.0,
        }
    }

    /// A box `(x0, y0, x1, y1)` holding every pixel the shape can touch.
    pub fn bounds(&self) -> (f32, f32, f32, f32) {
        match self {
            Shape::Circle { cx, cy, r } => (cx - r, cy - r, cx + r, cy + r),
            Shape::RoundRect { x0, y0, x1, y1, .. } => (*x0, *y0, *x1, *y1),
            Shape::Segment { a, b, w } => (
                a.0.min(b.0) - w,
                a.1.min(b.1) - w,
                a.0.max(b.0) + w,
                a.1.max(b.1) + w,
            ),
            Shape::Polygon(v) => v.iter().fold(
                (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
                |(a, b, c, d), &(x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)),
            ),
            Shape::Union(a, b) => {
                let (a0, a1, a2, a3) = a.bounds();
                let (b0, b1, b2, b3) = b.bounds();
                (a0.min(b0), a1.min(b1), a2.max(b2), a3.max(b3))
            }
            Shape::Subtract(a, _) => a.bounds(),
            Shape::Intersect(a, b) => {
                let (a0, a1, a2, a3) = a.bounds();
                let (b0, b1, b2, b3) = b.bounds();
                (a0.max(b0), a1.max(b1), a2.min(b2), a3.min(b3))
            }
            Shape::Offset(s, d) => {
                let (x0, y0, x1, y1) = s.bounds();
                (x0 - d, y0 - d, x1 + d, y1 + d)
            }
            Shape::Stroke(s, w) => {
                let (x0, y0, x1, y1) = s.bounds();
                (x0 - w, y0 - w, x1 + w, y1 + w)
            }
        }
    }
}

/// Inigo Quilez's exact polygon distance (even-odd inside test).
fn polygon_sdf(v: &[(f32, f32)], x: f32, y: f32) -> f32 {
    if v.len() < 3 {
        return f32::MAX;
    }
    let mut d = (x - v[0].0).powi(2) + (y - v[0].1).powi(2);
    let mut s = 1.0f32;
    let mut j = v.len() - 1;
    for i in 0..v.len() {
        let (ex, ey) = (v[j].0 - v[i].0, v[j].1 - v[i].1);
        let (wx, wy) = (x - v[i].0, y - v[i].1);
        let len2 = ex * ex + ey * ey;
        let t = if len2 > 0.0 {
            ((wx * ex + wy * ey) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (bx, by) = (wx - ex * t, wy - ey * t);
        d = d.min(bx * bx + by * by);
        let c1 = y >= v[i].1;
        let c2 = y < v[j].1;
        let c3 = ex * wy > ey * wx;
        if (c1 && c2 && c3) || (!c1 && !c2 && !c3) {
            s = -s;
        }
        j = i;
    }
    s * d.sqrt()
}

/// Paints a shape in `color` with the given opacity (0..=1), anti-aliased. Pixels outside the
/// image are skipped, so any shape is safe to draw.
pub fn fill(img: &mut RgbImage, shape: &Shape, color: Color, opacity: f32) {
    let (x0, y0, x1, y1) = shape.bounds();
    if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
        return;
    }
    let (w, h) = (img.width() as f32, img.height() as f32);
    let xa = (x0 - 1.0).floor().clamp(0.0, w) as u32;
    let xb = (x1 + 1.0).ceil().clamp(0.0, w) as u32;
    let ya = (y0 - 1.0).floor().clamp(0.0, h) as u32;
    let yb = (y1 + 1.0).ceil().clamp(0.0, h) as u32;
    let opacity = opacity.clamp(0.0, 1.0);
    // Fast path: the core of a rounded rectangle (away from its corners and edges by more
    // than a pixel) is fully covered; only its rim needs the distance function.
    let core = match *shape {
        Shape::RoundRect { x0, y0, x1, y1, r } => {
            let r = r.max(0.0);
            Some((x0 + r + 1.0, y0 + 1.0, x1 - r - 1.0, y1 - 1.0))
        }
        _ => None,
    };
    for py in ya..yb {
        let (mut ka, mut kb) = (u32::MAX, 0);
        if let Some((cx0, cy0, cx1, cy1)) = core
            && (py as f32) >= cy0
            && (py as f32 + 1.0) <= cy1
            && cx1 > cx0
        {
            ka = cx0.ceil().clamp(0.0, w) as u32;
            kb = cx1.floor().clamp(0.0, w) as u32;
            for px in ka..kb {
                let p = img.get_pixel_mut(px, py);
                *p = if opacity >= 1.0 {
                    color
                } else {
                    mix(*p, color, opacity)
                };
            }
        }
        for px in xa..xb {
            if px >= ka && px < kb {
                continue;
            }
            let d = shape.sdf(px as f32 + 0.5, py as f32 + 0.5);
            let cov = (0.5 - d).clamp(0.0, 1.0) * opacity;
            if cov <= 0.0 {
                continue;
            }
            let p = img.get_pixel_mut(px, py);
            *p = mix(*p, color, cov);
        }
    }
}

/// Fills the whole image with one colour.
pub fn clear(img: &mut RgbImage, color: Color) {
    for p in img.pixels_mut() {
        *p = color;
    }
}

/// Colours of a glyph: fill, outline, and the opacity of the fill (1 = solid).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GlyphStyle {
    /// Body colour.
    pub fill: Color,
    /// Outline colour.
    pub outline: Color,
    /// Opacity of the body (the outline is always drawn solid); below 1 gives the lighter
    /// "hint" look of the overlay.
    pub fill_opacity: f32,
    /// Size relative to the standard glyph (1 = LinkedIn's size).
    pub size: f32,
}

/// Sun: a disc `SUN_RADIUS * cell` wide with an outline `OUTLINE * cell` thick.
pub const SUN_RADIUS: f32 = 0.23;
/// Moon: outer radius relative to the cell.
pub const MOON_RADIUS: f32 = 0.205;
/// Outline width of the sun and moon, relative to the cell (at least [`MIN_STROKE`] px).
pub const OUTLINE: f32 = 0.03;
/// Smallest stroke drawn, in pixels, so glyphs stay visible on tiny boards.
pub const MIN_STROKE: f32 = 0.9;

fn stroke_w(cell: f32, rel: f32) -> f32 {
    (cell * rel).max(MIN_STROKE)
}

/// Draws a sun centred at `(cx, cy)` for a cell of pitch `cell` pixels.
pub fn sun(img: &mut RgbImage, cx: f32, cy: f32, cell: f32, st: &GlyphStyle) {
    let r = SUN_RADIUS * cell * st.size;
    let w = stroke_w(cell, OUTLINE);
    let body = Shape::circle(cx, cy, r);
    fill(img, &body.clone().offset(-w), st.fill, st.fill_opacity);
    fill(
        img,
        &body.minus(Shape::circle(cx, cy, r - w)),
        st.outline,
        1.0,
    );
}

/// The crescent shape of the moon: a disc with a bite taken from its upper left, so the
/// horns point up and to the left as in LinkedIn's icon.
pub fn moon_shape(cx: f32, cy: f32, r: f32) -> Shape {
    let outer = Shape::circle(cx + 0.04 * r, cy + 0.04 * r, r);
    let bite = Shape::circle(cx - 0.72 * r, cy - 0.42 * r, 0.88 * r);
    outer.minus(bite)
}

/// Draws a moon centred at `(cx, cy)`.
pub fn moon(img: &mut RgbImage, cx: f32, cy: f32, cell: f32, st: &GlyphStyle) {
    let r = MOON_RADIUS * cell * st.size;
    let w = stroke_w(cell, OUTLINE);
    let body = moon_shape(cx, cy, r);
    let inner = body.clone().offset(-w);
    fill(img, &inner, st.fill, st.fill_opacity);
    fill(img, &body.minus(inner), st.outline, 1.0);
}

/// Crown width relative to the cell.
pub const CROWN_WIDTH: f32 = 0.44;

/// The crown's body polygon, tip balls and base band for a crown `w` wide at `(cx, cy)`.
fn crown_shape(cx: f32, cy: f32, w: f32) -> Shape {
    let p = |x: f32, y: f32| (cx + x * w, cy + y * w);
    let body = Shape::Polygon(vec![
        p(-0.40, 0.22),
        p(-0.47, -0.20),
        p(-0.21, 0.02),
        p(0.0, -0.30),
        p(0.21, 0.02),
        p(0.47, -0.20),
        p(0.40, 0.22),
    ]);
    let (bx0, by0) = p(-0.40, 0.28);
    let (bx1, by1) = p(0.40, 0.38);
    let base = Shape::rrect(bx0, by0, bx1, by1, 0.02 * w);
    let ball = |x: f32, y: f32| {
        let (a, b) = p(x, y);
        Shape::circle(a, b, 0.065 * w)
    };
    body.union(base)
        .union(ball(-0.47, -0.24))
        .union(ball(0.0, -0.35))
        .union(ball(0.47, -0.24))
}

/// Draws a crown centred at `(cx, cy)`. A style whose outline equals its fill draws a flat
/// (black desktop-style) crown.
pub fn crown(img: &mut RgbImage, cx: f32, cy: f32, cell: f32, st: &GlyphStyle) {
    let w = CROWN_WIDTH * cell * st.size;
    let sw = stroke_w(cell, 0.022);
    let shape = crown_shape(cx, cy, w);
    if st.outline == st.fill {
        fill(img, &shape, st.fill, st.fill_opacity);
    } else {
        let inner = shape.clone().offset(-sw);
        fill(img, &inner, st.fill, st.fill_opacity);
        fill(img, &shape.minus(inner), st.outline, 1.0);
    }
}

/// `=` marker: bar length relative to the cell.
pub const EQ_LEN: f32 = 0.16;
/// `=` marker: bar thickness relative to the cell.
pub const EQ_THICK: f32 = 0.03;
/// `=` marker: distance between the two bars' centres relative to the cell.
pub const EQ_GAP: f32 = 0.076;
/// `x` marker: half the span of each stroke relative to the cell.
pub const X_HALF: f32 = 0.055;
/// `x` marker: stroke thickness relative to the cell.
pub const X_THICK: f32 = 0.025;

/// Draws the `=` marker centred at `(cx, cy)`.
pub fn same_marker(img: &mut RgbImage, cx: f32, cy: f32, cell: f32, color: Color) {
    let hl = EQ_LEN * cell / 2.0;
    let ht = stroke_w(cell, EQ_THICK) / 2.0;
    let g = (EQ_GAP * cell / 2.0).max(ht + 0.8);
    for dy in [-g, g] {
        let s = Shape::rrect(cx - hl, cy + dy - ht, cx + hl, cy + dy + ht, ht * 0.3);
        fill(img, &s, color, 1.0);
    }
}

/// Draws a multiplication-sign `x` centred at `(cx, cy)`: `half` is half its span, `thick`
/// its stroke, both in pixels.
pub fn cross(img: &mut RgbImage, cx: f32, cy: f32, half: f32, thick: f32, color: Color) {
    let s = Shape::segment((cx - half, cy - half), (cx + half, cy + half), thick).union(
        Shape::segment((cx - half, cy + half), (cx + half, cy - half), thick),
    );
    fill(img, &s, color, 1.0);
}

/// Draws the `x` marker (opposite symbols) centred at `(cx, cy)`.
pub fn opposite_marker(img: &mut RgbImage, cx: f32, cy: f32, cell: f32, color: Color) {
    cross(img, cx, cy, X_HALF * cell, stroke_w(cell, X_THICK), color);
}

/// Queens x mark: half span relative to the cell.
pub const QX_HALF: f32 = 0.06;
/// Queens x mark: stroke relative to the cell.
pub const QX_THICK: f32 = 0.018;

/// Draws a Queens x mark (a cell the player ruled out) centred at `(cx, cy)`.
pub fn queens_x(img: &mut RgbImage, cx: f32, cy: f32, cell: f32, color: Color) {
    cross(img, cx, cy, QX_HALF * cell, stroke_w(cell, QX_THICK), color);
}

/// Draws a straight line `w` pixels wide with square ends (an axis-aligned rectangle when the
/// line is horizontal or vertical).
pub fn line(img: &mut RgbImage, a: (f32, f32), b: (f32, f32), w: f32, color: Color) {
    if a.0 == b.0 || a.1 == b.1 {
        let h = w / 2.0;
        let s = Shape::rrect(
            a.0.min(b.0) - if a.0 == b.0 { h } else { 0.0 },
            a.1.min(b.1) - if a.1 == b.1 { h } else { 0.0 },
            a.0.max(b.0) + if a.0 == b.0 { h } else { 0.0 },
            a.1.max(b.1) + if a.1 == b.1 { h } else { 0.0 },
            0.0,
        );
        fill(img, &s, color, 1.0);
    } else {
        fill(img, &Shape::segment(a, b, w), color, 1.0);
    }
}

/// Draws a dashed rounded-rectangle outline (for the overlay's doubt marks): `w` wide, dashes
/// of `dash` pixels.
#[allow(clippy::too_many_arguments)]
pub fn dashed_rect(
    img: &mut RgbImage,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    w: f32,
    dash: f32,
    color: Color,
) {
    let ring = Shape::rrect(x0, y0, x1, y1, w * 1.5).stroke(w);
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let (xa, ya, xb, yb) = ring.bounds();
    let (wi, hi) = (img.width() as f32, img.height() as f32);
    let period = 2.0 * dash.max(1.0);
    for py in (ya.floor().max(0.0) as u32)..(yb.ceil().clamp(0.0, hi) as u32) {
        for px in (xa.floor().max(0.0) as u32)..(xb.ceil().clamp(0.0, wi) as u32) {
            let (x, y) = (px as f32 + 0.5, py as f32 + 0.5);
            let d = ring.sdf(x, y);
            let cov = (0.5 - d).clamp(0.0, 1.0);
            if cov <= 0.0 {
                continue;
            }
            // Dash by arc length along the perimeter, approximated by the angle around the
            // centre scaled to the half-perimeter.
            let ang = (y - cy).atan2(x - cx) + std::f32::consts::PI;
            let s = ang / std::f32::consts::TAU * (x1 - x0 + y1 - y0) * 2.0;
            if s % period < dash {
                let p = img.get_pixel_mut(px, py);
                *p = mix(*p, color, cov);
            }
        }
    }
}

/// Rows of the 3x5 blocky font, 3 bits per row (bit 2 = left column).
fn glyph_rows(ch: char) -> Option<[u8; 5]> {
    let g = match ch.to_ascii_uppercase() {
        'A' => [2, 5, 7, 5, 5],
        'B' => [6, 5, 6, 5, 6],
        'C' => [3, 4, 4, 4, 3],
        'D' => [6, 5, 5, 5, 6],
        'E' => [7, 4, 6, 4, 7],
        'F' => [7, 4, 6, 4, 4],
        'G' => [3, 4, 5, 5, 3],
        'H' => [5, 5, 7, 5, 5],
        'I' => [7, 2, 2, 2, 7],
        'J' => [1, 1, 1, 5, 2],
        'K' => [5, 5, 6, 5, 5],
        'L' => [4, 4, 4, 4, 7],
        'M' => [5, 7, 7, 5, 5],
        'N' => [6, 5, 5, 5, 5],
        'O' => [2, 5, 5, 5, 2],
        'P' => [6, 5, 6, 4, 4],
        'Q' => [2, 5, 5, 6, 3],
        'R' => [6, 5, 6, 5, 5],
        'S' => [3, 4, 2, 1, 6],
        'T' => [7, 2, 2, 2, 2],
        'U' => [5, 5, 5, 5, 7],
        'V' => [5, 5, 5, 5, 2],
        'W' => [5, 5, 7, 7, 5],
        'X' => [5, 5, 2, 5, 5],
        'Y' => [5, 5, 2, 2, 2],
        'Z' => [7, 1, 2, 4, 7],
        '0' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [6, 1, 2, 4, 7],
        '3' => [6, 1, 2, 1, 6],
        '4' => [5, 5, 7, 1, 1],
        '5' => [7, 4, 6, 1, 6],
        '6' => [3, 4, 7, 5, 7],
        '7' => [7, 1, 2, 2, 2],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 6],
        ':' => [0, 2, 0, 2, 0],
        '.' => [0, 0, 0, 0, 2],
        '-' => [0, 0, 7, 0, 0],
        '?' => [6, 1, 2, 0, 2],
        _ => return None,
    };
    Some(g)
}

/// Width in pixels of `text` drawn by [`text`] at cap height `h`.
pub fn text_width(s: &str, h: f32) -> f32 {
    let px = h / 5.0;
    s.chars().count() as f32 * 4.0 * px - px
}

/// Draws `s` in the blocky 3x5 font with its top-left corner at `(x, y)` and cap height `h`
/// pixels. Lower-case letters are drawn as smaller capitals (no font dependency).
pub fn text(img: &mut RgbImage, x: f32, y: f32, h: f32, s: &str, color: Color) {
    let px = h / 5.0;
    let mut cx = x;
    for ch in s.chars() {
        if let Some(rows) = glyph_rows(ch) {
            let (sc, dy) = if ch.is_ascii_lowercase() {
                (0.8, h * 0.2)
            } else {
                (1.0, 0.0)
            };
            let q = px * sc;
            for (r, bits) in rows.iter().enumerate() {
                for c in 0..3 {
                    if bits & (4 >> c) != 0 {
                        let x0 = cx + c as f32 * q;
                        let y0 = y + dy + r as f32 * q;
                        let s = Shape::rrect(x0, y0, x0 + q, y0 + q, q * 0.25);
                        fill(img, &s, color, 1.0);
                    }
                }
            }
        }
        cx += 4.0 * px;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circle_coverage_is_antialiased_and_area_correct() {
        let mut img = RgbImage::from_pixel(40, 40, hex(0x000000));
        fill(
            &mut img,
            &Shape::circle(20.0, 20.0, 10.0),
            hex(0xFFFFFF),
            1.0,
        );
        let total: f32 = img.pixels().map(|p| p[0] as f32 / 255.0).sum();
        let area = std::f32::consts::PI * 100.0;
        assert!((total - area).abs() / area < 0.02, "{total} vs {area}");
        // Some edge pixels are partly covered.
        assert!(img.pixels().any(|p| p[0] > 30 && p[0] < 225));
    }

    #[test]
    fn shapes_outside_the_image_do_not_panic() {
        let mut img = RgbImage::new(10, 10);
        fill(
            &mut img,
            &Shape::circle(-50.0, 400.0, 30.0),
            hex(0xFF0000),
            1.0,
        );
        fill(
            &mut img,
            &Shape::circle(f32::NAN, 0.0, 3.0),
            hex(0xFF0000),
            1.0,
        );
        assert!(img.pixels().all(|p| p[0] == 0));
    }

    #[test]
    fn moon_is_a_crescent() {
        let mut img = RgbImage::from_pixel(100, 100, hex(0xFFFFFF));
        let st = GlyphStyle {
            fill: hex(0x598DE2),
            outline: hex(0x2757A6),
            fill_opacity: 1.0,
            size: 1.0,
        };
        moon(&mut img, 50.0, 50.0, 100.0, &st);
        // The lower right is blue, the upper-left bite is white, the centre is white.
        assert_ne!(*img.get_pixel(62, 62), hex(0xFFFFFF));
        assert_eq!(*img.get_pixel(42, 42), hex(0xFFFFFF));
    }

    #[test]
    fn polygon_inside_outside() {
        let sq = Shape::Polygon(vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        assert!(sq.sdf(5.0, 5.0) < 0.0);
        assert!((sq.sdf(15.0, 5.0) - 5.0).abs() < 1e-4);
    }
}
