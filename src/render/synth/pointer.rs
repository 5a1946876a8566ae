//! Things drawn over the board after it: the mouse pointer.

use crate::render::draw::{self, Shape, hex};
use image::RgbImage;

/// Mouse pointer height relative to the board width (at least 12 px).
pub const CURSOR_SIZE: f32 = 0.06;

/// A mouse pointer (white arrow, black outline) with its tip at `(x, y)`, `h` pixels tall.
pub(super) fn cursor(img: &mut RgbImage, x: f32, y: f32, h: f32) {
    let k = h / 20.0;
    let pts: Vec<(f32, f32)> = [
        (0.0, 0.0),
        (0.0, 17.0),
        (4.0, 13.0),
        (7.0, 20.0),
        (9.5, 19.0),
        (6.5, 12.0),
        (12.0, 12.0),
    ]
    .iter()
    .map(|&(a, b)| (x + a * k, y + b * k))
    .collect();
    let arrow = Shape::Polygon(pts);
    draw::fill(img, &arrow.clone().offset(0.5 * k), hex(0x000000), 1.0);
    draw::fill(img, &arrow.offset(-0.7 * k), hex(0xFFFFFF), 1.0);
}
