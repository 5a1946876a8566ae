//! Debug picture of a Queens read: the board box and grid (cyan), the outer edge of each cell's
//! colour-sampling ring (white), the centre glyph's box (green), a patch of the cell's region
//! mean colour in its corner, the region boundaries as read (red) and low-confidence cells
//! (magenta).
//!
//! Shapes are drawn with the product renderer's primitives ([`crate::render::draw`]).

use super::QueensTrace;
use super::color::Lab;
use super::regions::Regions;
use super::sample::Samples;
use crate::board::Grid;
use crate::puzzle::Pos;
use crate::render::draw::{self, Color, Shape};
use image::{Rgb, RgbImage};

/// Cells whose region confidence is below this get the magenta doubt mark (the default of
/// [`super::check::CheckOptions::doubt_below`]).
const DOUBT_MARK_BELOW: f32 = 0.6;

/// An outline of the box `(x0, y0)..(x1, y1)`, `width` pixels wide, inside the box.
fn rect(img: &mut RgbImage, x0: f32, y0: f32, x1: f32, y1: f32, c: [u8; 3], width: f32) {
    let h = width / 2.0;
    let band = Shape::rrect(x0 + h, y0 + h, x1 - h, y1 - h, 0.0).stroke(width);
    draw::fill(img, &band, Rgb(c), 1.0);
}

/// Approximate sRGB of a Lab colour (for drawing patches).
fn to_rgb(c: Lab) -> [u8; 3] {
    let fy = (c.l + 16.0) / 116.0;
    let fx = fy + c.a / 500.0;
    let fz = fy - c.b / 200.0;
    let inv = |t: f32| {
        if t > 0.206_893 {
            t * t * t
        } else {
            (t - 16.0 / 116.0) / 7.787
        }
    };
    let (x, y, z) = (inv(fx) * 0.950_47, inv(fy), inv(fz) * 1.088_83);
    let r = 3.240_454_2 * x - 1.537_138_5 * y - 0.498_531_4 * z;
    let g = -0.969_266 * x + 1.876_010_8 * y + 0.041_556 * z;
    let b = 0.055_643_4 * x - 0.204_025_9 * y + 1.057_225_2 * z;
    let gamma = |v: f32| {
        let v = v.clamp(0.0, 1.0);
        let s = if v <= 0.003_130_8 {
            12.92 * v
        } else {
            1.055 * v.powf(1.0 / 2.4) - 0.055
        };
        (s * 255.0).round() as u8
    };
    [gamma(r), gamma(g), gamma(b)]
}

/// Draws what the stages of `trace` saw over a copy of `img`.
pub fn render(img: &RgbImage, trace: &QueensTrace) -> RgbImage {
    let mut out = img.clone();
    let Some(located) = &trace.located else {
        return out;
    };
    let g: Grid = located.grid;
    draw_grid(&mut out, &g);
    let Some(samples) = &trace.samples else {
        return out;
    };
    draw_cells(&mut out, &g, samples, trace.regions.as_ref());
    if let Some(reg) = &trace.regions {
        draw_boundaries(&mut out, &g, reg);
    }
    out
}

/// The board box and the cell lattice, in cyan.
fn draw_grid(out: &mut RgbImage, g: &Grid) {
    const CYAN: [u8; 3] = [0, 200, 255];
    let (right, bottom) = (g.left + g.width(), g.top + g.height());
    rect(out, g.left, g.top, right, bottom, CYAN, 2.0);
    for k in 1..g.rows {
        let x = g.left + k as f32 * g.cell_w;
        let y = g.top + k as f32 * g.cell_h;
        draw::line(out, (x, g.top), (x, bottom), 1.0, Rgb(CYAN));
        draw::line(out, (g.left, y), (right, y), 1.0, Rgb(CYAN));
    }
}

/// Per cell: the sampling ring's outer edge, the glyph box, the region colour patch and the
/// doubt mark.
fn draw_cells(out: &mut RgbImage, g: &Grid, samples: &Samples, regions: Option<&Regions>) {
    let n = g.rows;
    for r in 0..n {
        for c in 0..n {
            let i = Pos::new(r, c).index(n);
            let (cx, cy) = g.center(Pos::new(r, c));
            let (hw, hh) = (0.4 * g.cell_w, 0.4 * g.cell_h);
            rect(
                out,
                cx - hw,
                cy - hh,
                cx + hw,
                cy + hh,
                [255, 255, 255],
                1.0,
            );
            let glyph = samples.cells[i].glyph;
            if glyph.coverage > 0.0 {
                let (gw, gh) = (glyph.width * g.cell_w / 2.0, glyph.height * g.cell_h / 2.0);
                rect(out, cx - gw, cy - gh, cx + gw, cy + gh, [0, 160, 0], 1.0);
            }
            let Some(reg) = regions else { continue };
            let patch = to_rgb(reg.colours[reg.labels[i] as usize]);
            let (x0, y0, s) = (cx - hw + 2.0, cy - hh + 2.0, 0.12 * g.cell_w);
            draw::fill(
                out,
                &Shape::rrect(x0, y0, x0 + s, y0 + s, 0.0),
                Rgb(patch),
                1.0,
            );
            if reg.confidence[i] < DOUBT_MARK_BELOW {
                let (x0, y0, x1, y1) = (cx - hw - 2.0, cy - hh - 2.0, cx + hw + 2.0, cy + hh + 2.0);
                rect(out, x0, y0, x1, y1, [255, 0, 255], 2.0);
            }
        }
    }
}

/// Region boundaries as read, in red.
fn draw_boundaries(out: &mut RgbImage, g: &Grid, reg: &Regions) {
    const RED: Color = Rgb([230, 0, 0]);
    let n = g.rows;
    let label = |r: usize, c: usize| reg.labels[Pos::new(r, c).index(n)];
    for r in 0..n {
        for c in 0..n {
            let (x0, y0) = (g.left + c as f32 * g.cell_w, g.top + r as f32 * g.cell_h);
            let (x1, y1) = (x0 + g.cell_w, y0 + g.cell_h);
            if c + 1 < n && label(r, c + 1) != label(r, c) {
                draw::line(out, (x1, y0), (x1, y1), 2.0, RED);
            }
            if r + 1 < n && label(r + 1, c) != label(r, c) {
                draw::line(out, (x0, y1), (x1, y1), 2.0, RED);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::locate::tests::{PALETTE, draw_board, sample_labels};
    use super::super::{QueensReadOptions, read_queens_traced};
    use super::*;

    #[test]
    fn lab_round_trip_and_render() {
        for hex in ["96BEFF", "FF7B60", "DFDFDF"] {
            let c = Lab::from_hex(hex).expect("hex");
            assert!(Lab::from_rgb(to_rgb(c)).delta_e(c) < 1.0);
        }
        let img = draw_board(&sample_labels(), 7, 40, 20, [255, 255, 255], &PALETTE);
        let (res, trace) = read_queens_traced(&img, &QueensReadOptions::default());
        assert!(res.is_ok());
        assert_eq!(trace.timings.len(), 6);
        let pic = render(&img, &trace);
        assert_eq!(pic.dimensions(), img.dimensions());
        assert_ne!(pic, img);
        // Nothing found: the picture is the image.
        let blank = RgbImage::from_pixel(50, 50, Rgb([255, 255, 255]));
        let (_, t) = read_queens_traced(&blank, &QueensReadOptions::default());
        assert_eq!(render(&blank, &t), blank);
    }
}
