//! `--debug-dir`: pictures of each Tango reading stage and the stage timings.
//!
//! Files written into the directory:
//! - `1-lines.png`: the image with the line candidates of the locator (vertical red, horizontal
//!   blue) and the board box (green);
//! - `2-grid.png`: the fitted lattice and the sampling points (cell corner patches, icon discs,
//!   marker patches);
//! - `3-classes.png`: what was read: givens (G), placed pieces, markers; doubts in magenta;
//! - `timings.txt`: milliseconds per stage.

use super::ReadError;
use super::locate;
use super::tango::{self, TangoDetail, TangoReadOptions};
use crate::board::{Grid, Reading};
use crate::puzzle::{Marker, Symbol};
use image::{Rgb, RgbImage};
use std::path::Path;
use std::time::Instant;

/// Stage timings in milliseconds.
#[derive(Clone, Debug, Default)]
pub struct Timings {
    /// Locating the board.
    pub locate_ms: f64,
    /// Reading cells and markers.
    pub classify_ms: f64,
}

/// Reads a Tango board like [`tango::read_tango`], timing the stages, and writes the stage
/// pictures and timings into `dir` (created if missing). The reading result is returned even
/// when no board was found (the pictures then show the line candidates only).
pub fn read_tango_debug(
    img: &RgbImage,
    opts: &TangoReadOptions,
    dir: &Path,
) -> Result<Result<Reading, ReadError>, std::io::Error> {
    std::fs::create_dir_all(dir)?;
    let t0 = Instant::now();
    let cands = locate::candidates(img, &opts.locate);
    let located = locate::locate_tango(img, &opts.locate);
    let locate_ms = t0.elapsed().as_secs_f64() * 1e3;
    let mut lines_img = img.clone();
    let lines = match cands.first() {
        Some(first) if !first.lines.is_empty() => first.lines.clone(),
        _ => locate::debug_lines(img, &opts.locate),
    };
    {
        for &(vertical, pos, a, b) in &lines {
            let col = if vertical {
                Rgb([230, 0, 0])
            } else {
                Rgb([0, 0, 230])
            };
            if vertical {
                draw_line(&mut lines_img, pos, a, pos, b, col);
            } else {
                draw_line(&mut lines_img, a, pos, b, pos, col);
            }
        }
    }
    if let Ok(l) = &located {
        draw_box(&mut lines_img, &l.grid, Rgb([0, 170, 0]));
    }
    let t1 = Instant::now();
    let result = located.and_then(|l| {
        let (r, cells, edges) = tango::read_on_grid(img, &l.grid, l.theme, opts)?;
        tango::check_icons(&cells, opts)?;
        Ok((
            r,
            TangoDetail {
                located: l,
                cells,
                edges,
            },
        ))
    });
    let classify_ms = t1.elapsed().as_secs_f64() * 1e3;
    lines_img
        .save(dir.join("1-lines.png"))
        .map_err(std::io::Error::other)?;
    if let Ok((reading, detail)) = &result {
        let mut g = img.clone();
        draw_grid(&mut g, &reading.grid, Rgb([0, 170, 0]));
        let grid = reading.grid;
        let p = grid.cell_w.min(grid.cell_h);
        for c in &detail.cells {
            let (cx, cy) = grid.center(c.pos);
            circle(&mut g, cx, cy, opts.icon_radius * p, Rgb([255, 140, 0]));
            let x0 = grid.left + c.pos.col as f32 * grid.cell_w;
            let y0 = grid.top + c.pos.row as f32 * grid.cell_h;
            for &(u, v) in &[(0.15f32, 0.15f32), (0.85, 0.15), (0.15, 0.85), (0.85, 0.85)] {
                dot(
                    &mut g,
                    x0 + u * grid.cell_w,
                    y0 + v * grid.cell_h,
                    Rgb([0, 120, 255]),
                );
            }
        }
        for e in &detail.edges {
            let (ex, ey) = grid.edge_center(e.edge);
            let r = opts.marker_radius * p;
            draw_rect(&mut g, ex - r, ey - r, ex + r, ey + r, Rgb([200, 0, 200]));
        }
        g.save(dir.join("2-grid.png"))
            .map_err(std::io::Error::other)?;
        let mut k = img.clone();
        for c in &detail.cells {
            let (cx, cy) = grid.center(c.pos);
            let col = match c.symbol {
                Some(Symbol::Sun) => Rgb([255, 120, 0]),
                Some(Symbol::Moon) => Rgb([0, 60, 255]),
                None => Rgb([160, 160, 160]),
            };
            let r = 0.12 * p;
            fill_rect(&mut k, cx - r, cy - r, cx + r, cy + r, col);
            if c.given {
                draw_rect(
                    &mut k,
                    cx - 0.4 * p,
                    cy - 0.4 * p,
                    cx + 0.4 * p,
                    cy + 0.4 * p,
                    Rgb([0, 0, 0]),
                );
            }
            if c.conf.min(c.given_conf) < opts.doubt_below {
                circle(&mut k, cx, cy, 0.45 * p, Rgb([255, 0, 255]));
            }
        }
        for e in &detail.edges {
            let (ex, ey) = grid.edge_center(e.edge);
            let r = 0.06 * p;
            match e.marker {
                Some(Marker::Same) => {
                    fill_rect(
                        &mut k,
                        ex - r,
                        ey - r,
                        ex + r,
                        ey - r / 2.0,
                        Rgb([0, 150, 0]),
                    );
                    fill_rect(
                        &mut k,
                        ex - r,
                        ey + r / 2.0,
                        ex + r,
                        ey + r,
                        Rgb([0, 150, 0]),
                    );
                }
                Some(Marker::Opposite) => {
                    draw_line(&mut k, ex - r, ey - r, ex + r, ey + r, Rgb([220, 0, 0]));
                    draw_line(&mut k, ex - r, ey + r, ex + r, ey - r, Rgb([220, 0, 0]));
                }
                None => {}
            }
            if e.conf < opts.doubt_below {
                circle(&mut k, ex, ey, 0.12 * p, Rgb([255, 0, 255]));
            }
        }
        k.save(dir.join("3-classes.png"))
            .map_err(std::io::Error::other)?;
    }
    let t = Timings {
        locate_ms,
        classify_ms,
    };
    let mut text = format!(
        "locate {:.2} ms\nclassify {:.2} ms\n",
        t.locate_ms, t.classify_ms
    );
    for (i, c) in cands.iter().enumerate() {
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
    std::fs::write(dir.join("timings.txt"), text)?;
    Ok(result.map(|(r, _)| r))
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

    #[test]
    fn writes_pictures_and_timings_even_without_a_board() {
        let dir = std::env::temp_dir().join(format!("snapsolve-debug-{}", std::process::id()));
        let img = RgbImage::from_pixel(120, 80, Rgb([255, 255, 255]));
        let r = read_tango_debug(&img, &TangoReadOptions::default(), &dir).unwrap();
        assert!(matches!(r, Err(ReadError::NoBoard(_))));
        assert!(dir.join("1-lines.png").exists());
        let t = std::fs::read_to_string(dir.join("timings.txt")).unwrap();
        assert!(t.contains("locate"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
