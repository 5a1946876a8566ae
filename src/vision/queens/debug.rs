//! Debug picture of a Queens read: the board box and grid (cyan), the outer edge of each cell's
//! colour-sampling ring (white), the centre glyph's box (green), a patch of the cell's region
//! mean colour in its corner, the region boundaries as read (red) and low-confidence cells
//! (magenta).

use super::QueensTrace;
use super::color::Lab;
use crate::board::Grid;
use image::{Rgb, RgbImage};

fn put(img: &mut RgbImage, x: i64, y: i64, c: [u8; 3]) {
    if x >= 0 && y >= 0 && (x as u32) < img.width() && (y as u32) < img.height() {
        img.put_pixel(x as u32, y as u32, Rgb(c));
    }
}

fn rect(img: &mut RgbImage, x0: f32, y0: f32, x1: f32, y1: f32, c: [u8; 3], width: i64) {
    for t in 0..width {
        let (a, b, cc, d) = (x0 as i64 + t, y0 as i64 + t, x1 as i64 - t, y1 as i64 - t);
        for x in a..=cc {
            put(img, x, b, c);
            put(img, x, d, c);
        }
        for y in b..=d {
            put(img, a, y, c);
            put(img, cc, y, c);
        }
    }
}

fn fill(img: &mut RgbImage, x0: f32, y0: f32, x1: f32, y1: f32, c: [u8; 3]) {
    for y in y0 as i64..=y1 as i64 {
        for x in x0 as i64..=x1 as i64 {
            put(img, x, y, c);
        }
    }
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
    let n = g.rows;
    rect(
        &mut out,
        g.left,
        g.top,
        g.left + g.width(),
        g.top + g.height(),
        [0, 200, 255],
        2,
    );
    for k in 1..n {
        let x = g.left + k as f32 * g.cell_w;
        let y = g.top + k as f32 * g.cell_h;
        for t in 0..g.height() as i64 {
            put(&mut out, x as i64, g.top as i64 + t, [0, 200, 255]);
        }
        for t in 0..g.width() as i64 {
            put(&mut out, g.left as i64 + t, y as i64, [0, 200, 255]);
        }
    }
    let Some(samples) = &trace.samples else {
        return out;
    };
    for r in 0..n {
        for c in 0..n {
            let (cx, cy) = g.center(crate::puzzle::Pos::new(r, c));
            let (hw, hh) = (0.4 * g.cell_w, 0.4 * g.cell_h);
            rect(
                &mut out,
                cx - hw,
                cy - hh,
                cx + hw,
                cy + hh,
                [255, 255, 255],
                1,
            );
            let cell = &samples.cells[r * n + c];
            if cell.glyph.coverage > 0.0 {
                let (gw, gh) = (
                    cell.glyph.width * g.cell_w / 2.0,
                    cell.glyph.height * g.cell_h / 2.0,
                );
                rect(&mut out, cx - gw, cy - gh, cx + gw, cy + gh, [0, 160, 0], 1);
            }
            if let Some(reg) = &trace.regions {
                let label = reg.labels[r * n + c] as usize;
                let patch = to_rgb(reg.colours[label]);
                let s = 0.12 * g.cell_w;
                fill(
                    &mut out,
                    cx - hw + 2.0,
                    cy - hh + 2.0,
                    cx - hw + 2.0 + s,
                    cy - hh + 2.0 + s,
                    patch,
                );
                if reg.confidence[r * n + c] < 0.6 {
                    rect(
                        &mut out,
                        cx - hw - 2.0,
                        cy - hh - 2.0,
                        cx + hw + 2.0,
                        cy + hh + 2.0,
                        [255, 0, 255],
                        2,
                    );
                }
            }
        }
    }
    if let Some(reg) = &trace.regions {
        // Region boundaries as read, in red.
        for r in 0..n {
            for c in 0..n {
                let l = reg.labels[r * n + c];
                if c + 1 < n && reg.labels[r * n + c + 1] != l {
                    let x = g.left + (c + 1) as f32 * g.cell_w;
                    fill(
                        &mut out,
                        x - 1.0,
                        g.top + r as f32 * g.cell_h,
                        x + 1.0,
                        g.top + (r + 1) as f32 * g.cell_h,
                        [230, 0, 0],
                    );
                }
                if r + 1 < n && reg.labels[(r + 1) * n + c] != l {
                    let y = g.top + (r + 1) as f32 * g.cell_h;
                    fill(
                        &mut out,
                        g.left + c as f32 * g.cell_w,
                        y - 1.0,
                        g.left + (c + 1) as f32 * g.cell_w,
                        y + 1.0,
                        [230, 0, 0],
                    );
                }
            }
        }
    }
    out
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
        assert_eq!(trace.timings.len(), 5);
        let pic = render(&img, &trace);
        assert_eq!(pic.dimensions(), img.dimensions());
        assert_ne!(pic, img);
        // Nothing found: the picture is the image.
        let blank = RgbImage::from_pixel(50, 50, Rgb([255, 255, 255]));
        let (_, t) = read_queens_traced(&blank, &QueensReadOptions::default());
        assert_eq!(render(&blank, &t), blank);
    }
}
