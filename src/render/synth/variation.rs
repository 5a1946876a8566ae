//! What real captures show on top of a plain board, as options of the renderer: the OS mouse
//! pointer, LinkedIn's rule-break stripes, the win shimmer, pieces fading in, themed Tango
//! icon pairs, a board cut at an image edge and the Queens hint mode (in `hint_mode`).
//!
//! Every variation draws from its own random stream (derived from the seed), so turning one
//! on never changes the rest of the picture, and with every variation off the renderer draws
//! exactly what it drew before they existed.

use crate::board::{Grid, Placed};
use crate::puzzle::{Pos, Symbol};
use crate::render::draw::{self, Color, Shape, hex, mix};
use crate::render::rng::Rng;
use image::RgbImage;

/// The OS mouse pointer drawn over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pointer {
    /// The arrow: black fill, white 1 px outline, about 12x19 px at 1x.
    Arrow,
    /// The pointing hand (over buttons and links): white fill, black outline.
    Hand,
}

impl Pointer {
    /// Lowercase name (`arrow`, `hand`).
    pub fn name(self) -> &'static str {
        match self {
            Pointer::Arrow => "arrow",
            Pointer::Hand => "hand",
        }
    }
}

pub use crate::board::Side;

/// The variations of [`super::SynthOptions::variations`]. `Default` draws none of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Variations {
    /// The mouse pointer, its tip at a seeded cell edge or cell centre. Default none.
    pub pointer: Option<Pointer>,
    /// Pointer size relative to its 1x size (12x19 px for the arrow); 0 = follow the render
    /// scale (board width / 360). Default 0.
    pub pointer_scale: f32,
    /// Red diagonal stripes on the cells of a seeded row or column, as LinkedIn marks a broken
    /// rule: drawn on the cells' ground, under the pieces, icons and markers (a real capture
    /// shows them so; a Tango given's grey turns white between them). Default false.
    pub stripes: bool,
    /// Translucent red stripes over everything in a seeded row or column, pieces and markers
    /// included: harsher than LinkedIn's own, a test of what an overlay on top can hide.
    /// Default false.
    pub stripes_over: bool,
    /// The bright diagonal band that sweeps a solved board, at a seeded position. Default
    /// false.
    pub shimmer: bool,
    /// Opacity of the placed pieces (below 1: caught while fading in). Default 1.
    pub fade: f32,
    /// Tango: two procedural icons of seeded distinct colours and shapes instead of sun and
    /// moon (LinkedIn's themed days). Default false.
    pub themed: bool,
    /// Crop the image through the outer column or row on this side (between a third and two
    /// thirds of those cells stay visible). Default none.
    pub cut: Option<Side>,
    /// Queens: LinkedIn's hint mode, a seeded region drawn darker or outlined and the rest
    /// of the board under a dark or light veil or diagonal hatching (a Tango board is
    /// refused). Default false.
    pub hint_mode: bool,
    /// With `stripes` or `stripes_over`, the stripes fall where the player's pieces break a
    /// rule, as LinkedIn draws them. Queens: the player's crowns clash on the striped row or
    /// column (crowns added there until two stand apart on it). Tango: three cells in a line
    /// show one symbol (the player's pieces there set to the kind of the given among them,
    /// or to the solution's majority there: at least one is a wrong piece) and only those
    /// three are striped, as on the real captures (tango-238). Without it the stripes fall on
    /// a seeded line whatever the pieces (no capture shows that). Off by default so that
    /// renders drawn before it (the models' training set) stay the same. Default false.
    pub clash: bool,
}

impl Default for Variations {
    fn default() -> Self {
        Variations {
            pointer: None,
            pointer_scale: 0.0,
            stripes: false,
            stripes_over: false,
            shimmer: false,
            fade: 1.0,
            themed: false,
            cut: None,
            hint_mode: false,
            clash: false,
        }
    }
}

/// Salt of the variations' random stream (see the module doc).
const SALT: u64 = 0x5EED_0F0C_C1D0_0001;

/// The random stream of the variations for a seed.
pub(super) fn rng_for(seed: u64) -> Rng {
    Rng::new(seed ^ SALT)
}

/// Stripe colour and opacity of [`Variations::stripes_over`].
const STRIPE: (u32, f32) = (0xD93A3A, 0.32);
/// Opacity and share of the period of LinkedIn's stripes on the cells' ground
/// ([`Variations::stripes`]; as measured on a real capture: thin, nearly opaque red lines).
const STRIPE_UNDER: (f32, f32) = (0.85, 0.35);
/// Largest channel difference from a cell's ground colour of a pixel that is ground (the
/// render is exact before degradation; antialiased edges of pieces stay as they are).
const GROUND_REACH: i32 = 6;
/// Peak opacity of the shimmer band (towards white) and its half width relative to the board.
const SHIMMER: (f32, f32) = (0.6, 0.09);

/// Where stripes go: over everything, or on the cells' ground only (then `Some(colour)` of the
/// ground between the stripes, `None` to keep each cell's own; and the centres of marker
/// glyphs, which keep a clear square of ground around them, as LinkedIn draws them).
#[derive(Clone, Debug)]
pub(super) enum StripeLayer {
    Over,
    Ground(Option<Color>, Vec<(f32, f32)>),
}

/// Half side of the clear square around a marker glyph among LinkedIn's stripes, in cells
/// (measured on real captures: about a fifth of a cell wide).
const MARKER_HALO: f32 = 0.11;

/// A row or a column of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Line {
    Row(usize),
    Col(usize),
}

impl Line {
    /// A seeded row or column of the grid.
    pub(super) fn seeded(g: &Grid, rng: &mut Rng) -> Line {
        if rng.chance(0.5) {
            Line::Row(rng.below(g.rows))
        } else {
            Line::Col(rng.below(g.cols))
        }
    }

    /// The cell at index `k` along the line.
    fn at(self, k: usize) -> Pos {
        match self {
            Line::Row(r) => Pos::new(r, k),
            Line::Col(c) => Pos::new(k, c),
        }
    }
}

/// Crowns added on `line` of an `n` x `n` Queens board until two stand on it at least two
/// cells apart ([`Variations::clash`]); an x mark under an added crown goes.
pub(super) fn clash_on(line: Line, n: usize, placed: &mut Vec<Placed>, rng: &mut Rng) {
    let crowned = |placed: &[Placed]| -> Vec<usize> {
        (0..n)
            .filter(|&k| placed.contains(&Placed::Crown { pos: line.at(k) }))
            .collect()
    };
    loop {
        let on = crowned(placed);
        if on.len() >= 2 {
            return;
        }
        let free: Vec<usize> = (0..n)
            .filter(|&k| on.iter().all(|&c| k.abs_diff(c) >= 2))
            .collect();
        if free.is_empty() {
            return;
        }
        let pos = line.at(free[rng.below(free.len())]);
        placed.retain(|p| p.pos() != pos);
        placed.push(Placed::Crown { pos });
    }
}

/// Part of a row or column: the cells `from..to` along `line`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stretch {
    pub line: Line,
    pub from: usize,
    pub to: usize,
}

impl Stretch {
    /// The whole of `line` on grid `g`.
    pub(super) fn whole(line: Line, g: &Grid) -> Stretch {
        let to = match line {
            Line::Row(_) => g.cols,
            Line::Col(_) => g.rows,
        };
        Stretch { line, from: 0, to }
    }
}

/// Tango ([`Variations::clash`]): three cells in a line made to show one symbol. A window of
/// three cells whose givens (if any) are of one kind is picked; its other cells get the
/// player's pieces of that kind (or, with no given there, of the kind the solution has twice
/// there; sun without a solution). Three alike break a rule, so at least one of them is not
/// the solution's. `None` when no window qualifies.
pub(super) fn clash_tango(
    t: &crate::puzzle::Tango,
    sol: Option<&crate::puzzle::Solution>,
    placed: &mut Vec<Placed>,
    rng: &mut Rng,
) -> Option<Stretch> {
    let mut windows = Vec::new();
    for (line, len) in (0..t.rows())
        .map(|r| (Line::Row(r), t.cols()))
        .chain((0..t.cols()).map(|c| (Line::Col(c), t.rows())))
    {
        for from in 0..len.saturating_sub(2) {
            let givens: Vec<Symbol> = (from..from + 3)
                .filter_map(|k| t.given(line.at(k)))
                .collect();
            if givens.len() < 3 && givens.windows(2).all(|w| w[0] == w[1]) {
                windows.push((line, from, givens.first().copied()));
            }
        }
    }
    if windows.is_empty() {
        return None;
    }
    let (line, from, given) = windows[rng.below(windows.len())];
    let kind = given.unwrap_or_else(|| {
        let suns = (from..from + 3)
            .filter(|&k| sol.is_none_or(|s| s.symbol(line.at(k)) == Some(Symbol::Sun)))
            .count();
        if suns >= 2 { Symbol::Sun } else { Symbol::Moon }
    });
    for k in from..from + 3 {
        let pos = line.at(k);
        if t.given(pos).is_none() {
            placed.retain(|p| p.pos() != pos);
            placed.push(Placed::Symbol { pos, symbol: kind });
        }
    }
    Some(Stretch {
        line,
        from,
        to: from + 3,
    })
}

/// Red diagonal stripes over a stretch of a row or column of the board: `at`, or a seeded
/// whole line.
pub(super) fn stripes(
    img: &mut RgbImage,
    g: &Grid,
    rng: &mut Rng,
    layer: StripeLayer,
    at: Option<Stretch>,
) {
    let at = at.unwrap_or_else(|| Stretch::whole(Line::seeded(g, rng), g));
    let (a, b) = (at.from as f32, at.to as f32);
    let (x0, y0, x1, y1) = match at.line {
        Line::Row(r) => {
            let y = g.top + r as f32 * g.cell_h;
            (
                g.left + a * g.cell_w,
                y,
                g.left + b * g.cell_w,
                y + g.cell_h,
            )
        }
        Line::Col(c) => {
            let x = g.left + c as f32 * g.cell_w;
            (x, g.top + a * g.cell_h, x + g.cell_w, g.top + b * g.cell_h)
        }
    };
    let period = (g.cell_w * 0.2).max(4.0);
    let color = hex(STRIPE.0);
    let duty = match layer {
        StripeLayer::Over => 0.5,
        StripeLayer::Ground(..) => STRIPE_UNDER.1,
    };
    let on = |x: f32, y: f32| (x + y).rem_euclid(period) < period * duty;
    match layer {
        StripeLayer::Over => for_pixels(img, (x0, y0, x1, y1), |x, y, p| {
            if on(x, y) {
                *p = mix(*p, color, STRIPE.1);
            }
        }),
        StripeLayer::Ground(between, markers) => {
            let halo = MARKER_HALO * g.cell_w;
            let clear = |x: f32, y: f32| {
                markers
                    .iter()
                    .any(|&(mx, my)| (x - mx).abs() <= halo && (y - my).abs() <= halo)
            };
            // Each cell's ground is its colour near a corner, read before any change.
            let ground_at = |img: &RgbImage, x: f32, y: f32| {
                let col = ((x - g.left) / g.cell_w)
                    .floor()
                    .clamp(0.0, g.cols as f32 - 1.0);
                let row = ((y - g.top) / g.cell_h)
                    .floor()
                    .clamp(0.0, g.rows as f32 - 1.0);
                let sx = g.left + (col + 0.15) * g.cell_w;
                let sy = g.top + (row + 0.15) * g.cell_h;
                let sx = (sx.max(0.0) as u32).min(img.width() - 1);
                let sy = (sy.max(0.0) as u32).min(img.height() - 1);
                *img.get_pixel(sx, sy)
            };
            let before = img.clone();
            for_pixels(img, (x0, y0, x1, y1), |x, y, p| {
                let ground = ground_at(&before, x, y);
                let near =
                    (0..3).all(|k| (i32::from(p[k]) - i32::from(ground[k])).abs() <= GROUND_REACH);
                if !near {
                    return;
                }
                let base = between.unwrap_or(ground);
                *p = if on(x, y) && !clear(x, y) {
                    mix(base, color, STRIPE_UNDER.0)
                } else {
                    base
                };
            });
        }
    }
}

/// A bright diagonal band across the board at a seeded position.
pub(super) fn shimmer(img: &mut RgbImage, g: &Grid, rng: &mut Rng) {
    let diag = (g.width() + g.height()) / std::f32::consts::SQRT_2;
    let centre = rng.f32() * diag;
    let half = g.width() * SHIMMER.1;
    let white = hex(0xFFFFFF);
    let rect = (g.left, g.top, g.left + g.width(), g.top + g.height());
    for_pixels(img, rect, |x, y, p| {
        let d = ((x - g.left) + (y - g.top)) / std::f32::consts::SQRT_2 - centre;
        let a = SHIMMER.0 * (-(d / half).powi(2)).exp();
        if a > 0.004 {
            *p = mix(*p, white, a);
        }
    });
}

/// Calls `f(x, y, pixel)` for every pixel centre inside the rectangle (clipped to the image).
fn for_pixels(
    img: &mut RgbImage,
    (x0, y0, x1, y1): (f32, f32, f32, f32),
    mut f: impl FnMut(f32, f32, &mut image::Rgb<u8>),
) {
    let (w, h) = (img.width() as f32, img.height() as f32);
    let xa = x0.max(0.0).round() as u32;
    let xb = x1.min(w).max(0.0).round() as u32;
    let ya = y0.max(0.0).round() as u32;
    let yb = y1.min(h).max(0.0).round() as u32;
    for y in ya..yb {
        for x in xa..xb {
            f(x as f32 + 0.5, y as f32 + 0.5, img.get_pixel_mut(x, y));
        }
    }
}

/// `img` becomes `under` where `opacity` is 0 and stays itself where it is 1.
pub(super) fn blend_over(img: &mut RgbImage, under: &RgbImage, opacity: f32) {
    for (p, q) in img.pixels_mut().zip(under.pixels()) {
        *p = mix(*q, *p, opacity.clamp(0.0, 1.0));
    }
}

/// One procedural icon of a themed pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Icon {
    /// 0 disc, 1 rounded square, 2 triangle, 3 diamond, 4 ring.
    shape: usize,
    color: Color,
}

/// Two icons of distinct shapes and colours (the first stands for the sun).
pub(super) fn icon_pair(rng: &mut Rng) -> [Icon; 2] {
    const COLORS: [u32; 8] = [
        0xE8553E, 0x2E86DE, 0x27AE60, 0x8E44AD, 0xF39C12, 0x16A085, 0xD35400, 0xC0392B,
    ];
    let a = rng.below(5);
    let b = (a + 1 + rng.below(4)) % 5;
    let ca = rng.below(COLORS.len());
    let cb = (ca + 1 + rng.below(COLORS.len() - 1)) % COLORS.len();
    [
        Icon {
            shape: a,
            color: hex(COLORS[ca]),
        },
        Icon {
            shape: b,
            color: hex(COLORS[cb]),
        },
    ]
}

/// Draws the icon standing for `s` centred at `(cx, cy)` in a cell of pitch `cell`.
pub(super) fn draw_icon(
    img: &mut RgbImage,
    icons: &[Icon; 2],
    s: Symbol,
    (cx, cy): (f32, f32),
    cell: f32,
) {
    let ic = icons[usize::from(s == Symbol::Moon)];
    let r = cell * 0.24;
    let shape = match ic.shape {
        0 => Shape::circle(cx, cy, r),
        1 => Shape::rrect(
            cx - r * 0.9,
            cy - r * 0.9,
            cx + r * 0.9,
            cy + r * 0.9,
            r * 0.25,
        ),
        2 => Shape::Polygon(vec![
            (cx, cy - r),
            (cx + r * 0.95, cy + r * 0.75),
            (cx - r * 0.95, cy + r * 0.75),
        ]),
        3 => Shape::Polygon(vec![(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]),
        _ => Shape::circle(cx, cy, r).stroke(r * 0.45),
    };
    let w = (cell * 0.03).max(0.9);
    draw::fill(img, &shape, ic.color, 1.0);
    draw::fill(
        img,
        &shape.stroke(w),
        mix(ic.color, hex(0x000000), 0.35),
        1.0,
    );
}

/// The 1x arrow outline (tip at the origin, 19 units tall, 12 wide).
const ARROW: [(f32, f32); 7] = [
    (0.0, 0.0),
    (0.0, 16.0),
    (4.0, 12.5),
    (6.8, 19.0),
    (9.2, 18.0),
    (6.5, 11.5),
    (11.5, 11.5),
];

/// Draws the pointer with its hot spot at a seeded cell edge or cell centre; returns the box
/// it covers `(x0, y0, x1, y1)`.
pub(super) fn pointer(
    img: &mut RgbImage,
    g: &Grid,
    kind: Pointer,
    scale: f32,
    rng: &mut Rng,
) -> (f32, f32, f32, f32) {
    let (r, c) = (rng.below(g.rows) as f32, rng.below(g.cols) as f32);
    let (fx, fy) = match rng.below(3) {
        0 => (1.0, 0.5),
        1 => (0.5, 1.0),
        _ => (0.5, 0.5),
    };
    let jit = |rng: &mut Rng| (rng.f32() - 0.5) * 0.2;
    let x = g.left + (c + fx + jit(rng)).min(g.cols as f32 - 0.1) * g.cell_w;
    let y = g.top + (r + fy + jit(rng)).min(g.rows as f32 - 0.1) * g.cell_h;
    let k = scale;
    let (body, outline, fill) = match kind {
        Pointer::Arrow => {
            let pts = ARROW.iter().map(|&(a, b)| (x + a * k, y + b * k)).collect();
            (Shape::Polygon(pts), hex(0xFFFFFF), hex(0x000000))
        }
        // The hot spot of the hand is its fingertip.
        Pointer::Hand => (hand(x, y, k), hex(0x000000), hex(0xFFFFFF)),
    };
    let out = body.clone().offset(k.max(1.0));
    let bounds = out.bounds();
    draw::fill(img, &out, outline, 1.0);
    draw::fill(img, &body, fill, 1.0);
    bounds
}

/// The pointing hand, fingertip at `(x, y)`, `k` pixels per 1x pixel (about 16x21 at 1x).
fn hand(x: f32, y: f32, k: f32) -> Shape {
    let p = |a: f32, b: f32| (x + a * k, y + b * k);
    let finger = Shape::segment(p(0.0, 1.5), p(0.0, 10.0), 3.2 * k);
    let palm = Shape::rrect(
        x - 2.5 * k,
        y + 7.5 * k,
        x + 10.0 * k,
        y + 19.0 * k,
        3.0 * k,
    );
    let thumb = Shape::segment(p(-2.0, 11.0), p(-5.0, 8.5), 3.0 * k);
    let knuckles = Shape::segment(p(3.0, 7.5), p(9.0, 7.5), 3.2 * k);
    finger.union(palm).union(thumb).union(knuckles)
}

/// Crops the image through the outer cells on `side`: a seeded third to two thirds of them
/// stays visible. Returns the image and the grid shifted to it.
pub(super) fn cut(img: &RgbImage, g: &Grid, side: Side, rng: &mut Rng) -> (RgbImage, Grid) {
    let keep = 1.0 / 3.0 + rng.f32() / 3.0;
    let (w, h) = img.dimensions();
    let (mut x0, mut y0, mut x1, mut y1) = (0u32, 0u32, w, h);
    let at = |v: f32, lim: u32| (v.round().max(1.0) as u32).min(lim.saturating_sub(1));
    match side {
        Side::Left => x0 = at(g.left + (1.0 - keep) * g.cell_w, w),
        Side::Right => x1 = at(g.left + g.width() - (1.0 - keep) * g.cell_w, w).max(1),
        Side::Top => y0 = at(g.top + (1.0 - keep) * g.cell_h, h),
        Side::Bottom => y1 = at(g.top + g.height() - (1.0 - keep) * g.cell_h, h).max(1),
    }
    let out = image::imageops::crop_imm(img, x0, y0, x1 - x0, y1 - y0).to_image();
    let grid = Grid {
        left: g.left - x0 as f32,
        top: g.top - y0 as f32,
        ..*g
    };
    (out, grid)
}
