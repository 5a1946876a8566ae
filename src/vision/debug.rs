//! `--debug-dir`: pictures of each Tango reading stage and the stage timings, drawn from the
//! [`TangoTrace`] of the run that produced the answer (never by running the stages again).
//!
//! Pictures ([`tango_pictures`]; [`DebugPictures::write`] saves them as `<name>.png`):
//! - `1-lines`: the image with the line candidates of the locator (vertical red, horizontal
//!   blue) and the board box (green);
//! - `2-grid`: the fitted lattice and the sampling points (cell corner patches, icon discs,
//!   marker patches);
//! - `3-classes`: what was read: givens (G), placed pieces, markers; doubts in magenta;
//! - `timings.txt`: milliseconds per stage and the candidate lattices.

use super::tango::TangoTrace;
use crate::board::Grid;
use crate::puzzle::{Marker, Symbol};
use image::{Rgb, RgbImage};
use std::path::Path;

/// Named debug pictures and a timings text.
#[derive(Clone, Debug, Default)]
pub struct DebugPictures {
    /// `(name without extension, picture)`, in stage order.
    pub pictures: Vec<(&'static str, RgbImage)>,
    /// Stage timings and other measurements, one per line.
    pub timings: String,
}

impl DebugPictures {
    /// Writes `<name>.png` for every picture and `timings.txt` into `dir` (created if missing).
    pub fn write(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for (name, pic) in &self.pictures {
            pic.save(dir.join(format!("{name}.png")))
                .map_err(std::io::Error::other)?;
        }
        std::fs::write(dir.join("timings.txt"), &self.timings)
    }
}

/// The Tango stage pictures and timings of a traced read. When no board was found, only the
/// line candidates are drawn.
pub fn tango_pictures(img: &RgbImage, trace: &TangoTrace) -> DebugPictures {
    let mut pictures = vec![("1-lines", lines_picture(img, trace))];
    if let Some(lattice) = trace.lattice.as_ref().filter(|_| !trace.cells.is_empty()) {
        pictures.push(("2-grid", grid_picture(img, &lattice.grid, trace)));
        pictures.push(("3-classes", classes_picture(img, &lattice.grid, trace)));
    }
    DebugPictures {
        pictures,
        timings: timings_text(trace),
    }
}

fn lines_picture(img: &RgbImage, trace: &TangoTrace) -> RgbImage {
    let mut out = img.clone();
    for l in &trace.survey.lines {
        if l.vertical {
            draw_line(&mut out, l.pos, l.start, l.pos, l.end, Rgb([230, 0, 0]));
        } else {
            draw_line(&mut out, l.start, l.pos, l.end, l.pos, Rgb([0, 0, 230]));
        }
    }
    if let Some(l) = &trace.lattice {
        draw_box(&mut out, &l.grid, Rgb([0, 170, 0]));
    }
    out
}

fn grid_picture(img: &RgbImage, grid: &Grid, trace: &TangoTrace) -> RgbImage {
    let mut g = img.clone();
    draw_grid(&mut g, grid, Rgb([0, 170, 0]));
    let s = &trace.sampling;
    for &(cx, cy, r) in &s.icons {
        circle(&mut g, cx, cy, r, Rgb([255, 140, 0]));
    }
    for &(x, y) in &s.corners {
        dot(&mut g, x, y, Rgb([0, 120, 255]));
    }
    for &(ex, ey, r) in &s.markers {
        draw_rect(&mut g, ex - r, ey - r, ex + r, ey + r, Rgb([200, 0, 200]));
    }
    g
}

fn classes_picture(img: &RgbImage, grid: &Grid, trace: &TangoTrace) -> RgbImage {
    let mut k = img.clone();
    let p = grid.cell_w.min(grid.cell_h);
    for c in &trace.cells {
        let (cx, cy) = grid.center(c.pos);
        let col = match c.symbol {
            Some(Symbol::Sun) => Rgb([255, 120, 0]),
            Some(Symbol::Moon) => Rgb([0, 60, 255]),
            None => Rgb([160, 160, 160]),
        };
        let r = 0.12 * p;
        fill_rect(&mut k, cx - r, cy - r, cx + r, cy + r, col);
        if c.given {
            let h = 0.4 * p;
            draw_rect(&mut k, cx - h, cy - h, cx + h, cy + h, Rgb([0, 0, 0]));
        }
        if c.conf.min(c.given_conf) < trace.doubt_below {
            circle(&mut k, cx, cy, 0.45 * p, Rgb([255, 0, 255]));
        }
    }
    for e in &trace.edges {
        let (ex, ey) = grid.edge_center(e.edge);
        let r = 0.06 * p;
        match e.marker {
            Some(Marker::Same) => {
                let green = Rgb([0, 150, 0]);
                fill_rect(&mut k, ex - r, ey - r, ex + r, ey - r / 2.0, green);
                fill_rect(&mut k, ex - r, ey + r / 2.0, ex + r, ey + r, green);
            }
            Some(Marker::Opposite) => {
                draw_line(&mut k, ex - r, ey - r, ex + r, ey + r, Rgb([220, 0, 0]));
                draw_line(&mut k, ex - r, ey + r, ex + r, ey - r, Rgb([220, 0, 0]));
            }
            None => {}
        }
        if e.conf < trace.doubt_below {
            circle(&mut k, ex, ey, 0.12 * p, Rgb([255, 0, 255]));
        }
    }
    k
}

fn timings_text(trace: &TangoTrace) -> String {
    let mut text = String::new();
    for (name, d) in &trace.timings {
        text += &format!("{name} {:.2} ms\n", d.as_secs_f64() * 1e3);
    }
    for (i, c) in trace.survey.candidates.iter().enumerate() {
        text += &format!(
            "candidate {i}: {}x{} at ({:.1}, {:.1}) pitch {:.2}x{:.2} coverage {:.2} tango-cells {:.2} score {:.2}\n",
            c.grid.rows,
            c.grid.cols,
            c.grid.left,
            c.grid.top,
            c.grid.cell_w,
            c.grid.cell_h,
            c.coverage,
            c.tango_cells,
            c.score
        );
    }
    text
}

fn put(img: &mut RgbImage, x: i64, y: i64, c: Rgb<u8>) {
    if x >= 0 && y >= 0 && (x as u32) < img.width() && (y as u32) < img.height() {
        img.put_pixel(x as u32, y as u32, c);
    }
}

fn draw_line(img: &mut RgbImage, x0: f32, y0: f32, x1: f32, y1: f32, c: Rgb<u8>) {
    let steps = ((x1 - x0).abs().max((y1 - y0).abs()).ceil() as usize).max(1);
    for s in 0..=steps {
        let t = s as f32 / steps as f32;
        put(
            img,
            (x0 + t * (x1 - x0)).round() as i64,
            (y0 + t * (y1 - y0)).round() as i64,
            c,
        );
    }
}

fn draw_rect(img: &mut RgbImage, x0: f32, y0: f32, x1: f32, y1: f32, c: Rgb<u8>) {
    draw_line(img, x0, y0, x1, y0, c);
    draw_line(img, x0, y1, x1, y1, c);
    draw_line(img, x0, y0, x0, y1, c);
    draw_line(img, x1, y0, x1, y1, c);
}

fn fill_rect(img: &mut RgbImage, x0: f32, y0: f32, x1: f32, y1: f32, c: Rgb<u8>) {
    for y in y0.round() as i64..=y1.round() as i64 {
        for x in x0.round() as i64..=x1.round() as i64 {
            put(img, x, y, c);
        }
    }
}

fn dot(img: &mut RgbImage, x: f32, y: f32, c: Rgb<u8>) {
    fill_rect(img, x - 1.0, y - 1.0, x + 1.0, y + 1.0, c);
}

fn circle(img: &mut RgbImage, cx: f32, cy: f32, r: f32, c: Rgb<u8>) {
    let steps = ((r * 8.0) as usize).max(16);
    for s in 0..steps {
        let a = s as f32 / steps as f32 * std::f32::consts::TAU;
        put(
            img,
            (cx + r * a.cos()).round() as i64,
            (cy + r * a.sin()).round() as i64,
            c,
        );
    }
}

fn draw_box(img: &mut RgbImage, g: &Grid, c: Rgb<u8>) {
    for d in 0..3 {
        let d = d as f32;
        draw_rect(
            img,
            g.left - d,
            g.top - d,
            g.left + g.width() + d,
            g.top + g.height() + d,
            c,
        );
    }
}

fn draw_grid(img: &mut RgbImage, g: &Grid, c: Rgb<u8>) {
    for i in 0..=g.cols {
        let x = g.left + i as f32 * g.cell_w;
        draw_line(img, x, g.top, x, g.top + g.height(), c);
    }
    for j in 0..=g.rows {
        let y = g.top + j as f32 * g.cell_h;
        draw_line(img, g.left, y, g.left + g.width(), y, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::ReadError;
    use crate::vision::tango::{TangoReadOptions, read_tango_traced};

    #[test]
    fn draws_pictures_and_timings_even_without_a_board() {
        let img = RgbImage::from_pixel(120, 80, Rgb([255, 255, 255]));
        let (r, trace) = read_tango_traced(&img, &TangoReadOptions::default());
        assert!(matches!(r, Err(ReadError::NoBoard(_))));
        let pics = tango_pictures(&img, &trace);
        assert_eq!(pics.pictures.len(), 1);
        assert_eq!(pics.pictures[0].0, "1-lines");
        assert!(pics.timings.contains("locate"));
        let dir = std::env::temp_dir().join(format!("snapsolve-debug-{}", std::process::id()));
        pics.write(&dir).unwrap();
        assert!(dir.join("1-lines.png").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
