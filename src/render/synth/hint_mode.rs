//! LinkedIn's Queens hint mode as phones show it: the region the hint is about stands out
//! (drawn darker, or outlined) while the rest of the board recedes under a translucent dark or
//! light veil, or under thin diagonal hatching.
//!
//! Style and region are seeded choices from the variations' random stream.

use crate::board::Grid;
use crate::puzzle::{Pos, Queens};
use crate::render::draw::{self, Color, hex, mix};
use crate::render::rng::Rng;
use image::RgbImage;

/// How the hinted region stands out.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Emphasis {
    /// Mixed towards black by this share.
    Darker(f32),
    /// A dark outline along the inside of its border, this share of the pitch wide.
    Outline(f32),
}

/// What covers the other regions.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Rest {
    /// A translucent veil of this colour and opacity.
    Veil(Color, f32),
    /// Diagonal lines: colour, opacity, period and line width (shares of the pitch).
    Hatch(Color, f32, f32, f32),
}

/// Darkening of the hinted region (share towards black), smallest and largest.
const DARKER: (f32, f32) = (0.12, 0.28);
/// Outline width, share of the pitch, smallest and largest.
const OUTLINE: (f32, f32) = (0.05, 0.10);
/// Dark veil opacity, smallest and largest.
const DARK_VEIL: (f32, f32) = (0.25, 0.50);
/// Light veil opacity, smallest and largest.
const LIGHT_VEIL: (f32, f32) = (0.30, 0.55);
/// Hatch period (share of the pitch), smallest and largest.
const HATCH_PERIOD: (f32, f32) = (0.14, 0.28);

/// A value between `lo` and `hi` drawn from `rng`.
fn between(rng: &mut Rng, (lo, hi): (f32, f32)) -> f32 {
    lo + (hi - lo) * rng.f32()
}

/// Draws the hint mode over a Queens board: a seeded region emphasised, the rest veiled or
/// hatched in a seeded style.
pub(super) fn hint_mode(img: &mut RgbImage, g: &Grid, q: &Queens, rng: &mut Rng) {
    let hinted = rng.below(q.n());
    let emphasis = if rng.chance(0.5) {
        Emphasis::Darker(between(rng, DARKER))
    } else {
        Emphasis::Outline(between(rng, OUTLINE))
    };
    let rest = match rng.below(3) {
        0 => Rest::Veil(hex(0x000000), between(rng, DARK_VEIL)),
        1 => Rest::Veil(hex(0xFFFFFF), between(rng, LIGHT_VEIL)),
        _ => {
            let colour = if rng.chance(0.5) { 0x3A3A3A } else { 0xFFFFFF };
            let period = between(rng, HATCH_PERIOD);
            let width = period * (0.15 + 0.15 * rng.f32());
            Rest::Hatch(hex(colour), 0.4 + 0.3 * rng.f32(), period, width)
        }
    };
    let inside = |x: f32, y: f32| {
        let c = ((x - g.left) / g.cell_w).floor();
        let r = ((y - g.top) / g.cell_h).floor();
        let n = q.n() as f32;
        (0.0..n).contains(&r)
            && (0.0..n).contains(&c)
            && q.region(Pos::new(r as usize, c as usize)) == hinted
    };
    // The veil or hatching lies over the whole board, its outer frame included (as an
    // overlay over the board element would).
    let ow = (g.cell_w * super::board::queens_geo::OUTER).max(2.5);
    let (x0, y0) = ((g.left - ow).max(0.0) as u32, (g.top - ow).max(0.0) as u32);
    let x1 = ((g.left + g.width() + ow).round().max(0.0) as u32).min(img.width());
    let y1 = ((g.top + g.height() + ow).round().max(0.0) as u32).min(img.height());
    for y in y0..y1 {
        for x in x0..x1 {
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            let p = img.get_pixel_mut(x, y);
            if inside(fx, fy) {
                if let Emphasis::Darker(a) = emphasis {
                    *p = mix(*p, hex(0x000000), a);
                }
                continue;
            }
            *p = match rest {
                Rest::Veil(colour, a) => mix(*p, colour, a),
                Rest::Hatch(colour, a, period, width) => {
                    let t = (fx + fy).rem_euclid(period * g.cell_w);
                    let w = (width * g.cell_w).max(1.0);
                    if t < w { mix(*p, colour, a) } else { *p }
                }
            };
        }
    }
    if let Emphasis::Outline(w) = emphasis {
        outline(img, g, q, hinted, (w * g.cell_w).max(1.5));
    }
}

/// A dark line of width `w` along the inside of the border of region `hinted`.
fn outline(img: &mut RgbImage, g: &Grid, q: &Queens, hinted: usize, w: f32) {
    let n = q.n();
    let colour = hex(0x1B1B1B);
    let of = |r: isize, c: isize| {
        (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
            .then(|| q.region(Pos::new(r as usize, c as usize)))
    };
    let h = w / 2.0;
    for r in 0..n {
        for c in 0..n {
            if q.region(Pos::new(r, c)) != hinted {
                continue;
            }
            let (ri, ci) = (r as isize, c as isize);
            let xa = g.left + c as f32 * g.cell_w;
            let ya = g.top + r as f32 * g.cell_h;
            let (xb, yb) = (xa + g.cell_w, ya + g.cell_h);
            let sides = [
                (of(ri - 1, ci), (xa, ya + h), (xb, ya + h)),
                (of(ri + 1, ci), (xa, yb - h), (xb, yb - h)),
                (of(ri, ci - 1), (xa + h, ya), (xa + h, yb)),
                (of(ri, ci + 1), (xb - h, ya), (xb - h, yb)),
            ];
            for (other, a, b) in sides {
                if other != Some(hinted) {
                    draw::line(img, a, b, w, colour);
                }
            }
        }
    }
}
