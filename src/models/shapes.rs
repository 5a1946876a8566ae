//! The shapes of LinkedIn's two Tango marker glyphs, averaged from the large glyphs of the
//! labelled real captures, and a fit of a small glyph against them.
//!
//! LinkedIn draws every `=` and every `x` with one shape, whatever the source of a capture
//! (desktop, phone, JPEG frame): only the scale, the colours and the pixel grid's phase change.
//! A glyph of 2 to 4 image pixels no longer shows its strokes, but it is still that shape
//! seen through the pixel grid. [`ScaledShapes::fit`] renders each shape at the board's scale
//! (area-sampled pixels, a few sub-pixel offsets and footprints) and fits it to the observed
//! luma by least squares (an offset and a gain, the gain's sign fixed by the theme: the glyph is
//! darker than the ground in light mode, lighter in dark mode). The residuals of the two kinds
//! are the evidence: their log ratio says how much better one shape explains the pixels.
//!
//! The shapes are a model file like the others (`models/tango-glyph-shape.v1`, embedded),
//! rebuilt by `cargo run --release --example train_models`:
//!
//! ```text
//! snapsolve-shapes 1
//! name tango-glyph-shape
//! size 24                                  (texels a side)
//! span 0.25                                (the square covers +-span cells about the edge midpoint)
//! shape same right <size * size numbers>   (ink 0 = ground .. 1 = glyph, row-major)
//! shape same down ...
//! shape opposite right ...
//! shape opposite down ...
//! ```
//!
//! `right` is an edge between two cells of a row (the grid line through it is vertical),
//! `down` one between two cells of a column.

use crate::board::{Grid, Theme};
use crate::puzzle::{Edge, Marker};
use crate::vision::pixel::luma;
use image::RgbImage;

/// First line of a shapes file.
pub const SHAPES_MAGIC: &str = "snapsolve-shapes 1";

/// Texels a side of the shapes the training command writes.
pub const SHAPE_SIZE: usize = 24;

/// Half side of the square the shapes cover, in cells.
pub const SHAPE_SPAN: f32 = 0.25;

/// The two glyph shapes, for edges of each orientation.
#[derive(Clone, Debug, PartialEq)]
pub struct GlyphShapes {
    /// Texels a side.
    pub size: usize,
    /// Half side of the square covered, in cells.
    pub span: f32,
    /// `[kind][orientation]`: kind 0 `=` (same), 1 `x` (opposite); orientation 0 `right`,
    /// 1 `down`. Ink, row-major.
    pub shapes: [[Vec<f32>; 2]; 2],
}

/// How well each shape explains the pixels around an edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeFit {
    /// Least residual sum of squares of the `=` shape, then of the `x` shape.
    pub rss: [f32; 2],
}

impl ShapeFit {
    /// The kind that fits better and the log ratio of the other's residual to its own (0 when
    /// they fit alike).
    pub fn best(&self) -> (Marker, f32) {
        let [eq, x] = self.rss.map(|r| r.max(1e-3));
        if eq <= x {
            (Marker::Same, (x / eq).ln())
        } else {
            (Marker::Opposite, (eq / x).ln())
        }
    }
}

/// Which of the two kinds: 0 for `=`, 1 for `x`.
pub fn kind_index(m: Marker) -> usize {
    match m {
        Marker::Same => 0,
        Marker::Opposite => 1,
    }
}

/// The orientation index of an edge: 0 `right`, 1 `down`.
pub fn orientation(e: Edge) -> usize {
    match e {
        Edge::Right(_) => 0,
        Edge::Down(_) => 1,
    }
}

const KINDS: [&str; 2] = ["same", "opposite"];
const ORIENTATIONS: [&str; 2] = ["right", "down"];

fn pixel_luma(img: &RgbImage, x: i64, y: i64) -> f32 {
    let (w, h) = (i64::from(img.width()), i64::from(img.height()));
    let p = img
        .get_pixel(x.clamp(0, w - 1) as u32, y.clamp(0, h - 1) as u32)
        .0;
    luma(p.map(f32::from))
}

/// Luma at a sub-pixel position (pixel `i` covers `[i, i + 1)`), bilinear between centres.
fn luma_at(img: &RgbImage, x: f32, y: f32) -> f32 {
    let (x, y) = (x - 0.5, y - 0.5);
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (xi, yi) = (x0 as i64, y0 as i64);
    pixel_luma(img, xi, yi) * (1.0 - fx) * (1.0 - fy)
        + pixel_luma(img, xi + 1, yi) * fx * (1.0 - fy)
        + pixel_luma(img, xi, yi + 1) * (1.0 - fx) * fy
        + pixel_luma(img, xi + 1, yi + 1) * fx * fy
}

/// The ink of a large glyph around `edge` at `size` texels over `+-span` cells: 0 at the
/// ground (the median of the square's border), 1 at the sample farthest from it. `None` when
/// nothing in the square stands out from the ground by `min_contrast` luma levels.
pub fn glyph_ink(
    img: &RgbImage,
    grid: &Grid,
    edge: Edge,
    size: usize,
    span: f32,
    min_contrast: f32,
) -> Option<Vec<f32>> {
    let (cx, cy) = grid.edge_center(edge);
    let c = grid.cell_w.min(grid.cell_h);
    let at = |i: usize| ((i as f32 + 0.5) / size as f32 * 2.0 - 1.0) * span * c;
    let v: Vec<f32> = (0..size * size)
        .map(|k| luma_at(img, cx + at(k % size), cy + at(k / size)))
        .collect();
    let mut ring: Vec<f32> = (0..size * size)
        .filter(|&k| {
            let (i, j) = (k % size, k / size);
            i < 2 || j < 2 || i + 2 >= size || j + 2 >= size
        })
        .map(|k| v[k])
        .collect();
    ring.sort_by(f32::total_cmp);
    let ground = ring[ring.len() / 2];
    let far = v
        .iter()
        .copied()
        .max_by(|a, b| (a - ground).abs().total_cmp(&(b - ground).abs()))?;
    ((far - ground).abs() >= min_contrast)
        .then(|| v.iter().map(|x| (x - ground) / (far - ground)).collect())
}

impl GlyphShapes {
    /// The mean ink of labelled large glyphs: `(kind, orientation, ink)` each.
    pub fn average(glyphs: &[(Marker, usize, Vec<f32>)], size: usize, span: f32) -> GlyphShapes {
        let mut shapes: [[Vec<f32>; 2]; 2] =
            std::array::from_fn(|_| std::array::from_fn(|_| vec![0.0; size * size]));
        let mut n = [[0usize; 2]; 2];
        for (m, o, ink) in glyphs {
            let (k, o) = (kind_index(*m), *o);
            for (a, b) in shapes[k][o].iter_mut().zip(ink) {
                *a += b;
            }
            n[k][o] += 1;
        }
        for (k, row) in shapes.iter_mut().enumerate() {
            for (o, s) in row.iter_mut().enumerate() {
                for a in s.iter_mut() {
                    // Three decimals: the file is short and the same on every machine.
                    *a = (*a / n[k][o].max(1) as f32 * 1000.0).round() / 1000.0;
                }
            }
        }
        GlyphShapes { size, span, shapes }
    }

    /// The ink of shape `[k][o]` at `(u, w)` cells from the edge midpoint (bilinear; 0 outside).
    fn ink(&self, k: usize, o: usize, u: f32, w: f32) -> f32 {
        texel_ink(&self.shapes[k][o], self.size, self.span, u, w)
    }

    /// The shapes as pixels of a board with cells of `cell` image pixels see them: each texel
    /// the mean ink over a pixel's footprint about it, for footprints of 1 and 1.5 pixels (a
    /// capture drawn at its size, or down-scaled with a wider filter). One per board; its
    /// [`ScaledShapes::fit`] then costs one lookup per pixel and trial.
    pub fn at_cell(&self, cell: f32) -> ScaledShapes<'_> {
        let n = self.size;
        let cell = cell.max(1.0);
        let at = |i: usize| ((i as f32 + 0.5) / n as f32 * 2.0 - 1.0) * self.span;
        let filtered = std::array::from_fn(|k| {
            std::array::from_fn(|o| {
                FOOTPRINTS.map(|foot| {
                    (0..n * n)
                        .map(|t| {
                            let (u, w) = (at(t % n), at(t / n));
                            let mut acc = 0.0;
                            for sj in 0..3 {
                                for si in 0..3 {
                                    let du = ((si as f32 + 0.5) / 3.0 - 0.5) * foot / cell;
                                    let dw = ((sj as f32 + 0.5) / 3.0 - 0.5) * foot / cell;
                                    acc += self.ink(k, o, u + du, w + dw);
                                }
                            }
                            acc / 9.0
                        })
                        .collect()
                })
            })
        });
        ScaledShapes {
            shapes: self,
            cell,
            filtered,
        }
    }

    /// The file text ([`Self::parse`] reads it back).
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{SHAPES_MAGIC}\nname tango-glyph-shape\nsize {}\nspan {}\n",
            self.size, self.span
        );
        for (k, row) in self.shapes.iter().enumerate() {
            for (o, v) in row.iter().enumerate() {
                let nums: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                s.push_str(&format!(
                    "shape {} {} {}\n",
                    KINDS[k],
                    ORIENTATIONS[o],
                    nums.join(" ")
                ));
            }
        }
        s
    }

    /// Reads a shapes file.
    pub fn parse(text: &str) -> Result<GlyphShapes, super::ModelError> {
        use super::ModelError;
        let mut records = super::Records::open(text, SHAPES_MAGIC)?;
        let mut next = |key: &str| records.next(key);
        if next("name")?.join(" ") != "tango-glyph-shape" {
            return Err(ModelError::Record("name".into()));
        }
        let size: usize = next("size")?
            .first()
            .and_then(|s| s.parse().ok())
            .filter(|&n| (2..=256).contains(&n))
            .ok_or_else(|| ModelError::Record("size".into()))?;
        let span: f32 = next("span")?
            .first()
            .and_then(|s| s.parse().ok())
            .filter(|&s: &f32| s > 0.0 && s.is_finite())
            .ok_or_else(|| ModelError::Record("span".into()))?;
        let mut shapes: [[Vec<f32>; 2]; 2] = Default::default();
        for (k, row) in shapes.iter_mut().enumerate() {
            for (o, v) in row.iter_mut().enumerate() {
                let rec = next("shape")?;
                if rec.len() != 2 + size * size || rec[0] != KINDS[k] || rec[1] != ORIENTATIONS[o] {
                    return Err(ModelError::Record(format!(
                        "shape {} {}",
                        KINDS[k], ORIENTATIONS[o]
                    )));
                }
                *v = rec[2..]
                    .iter()
                    .map(|s| s.parse::<f32>().ok().filter(|x| x.is_finite()))
                    .collect::<Option<Vec<f32>>>()
                    .ok_or_else(|| ModelError::Record("shape values".into()))?;
            }
        }
        Ok(GlyphShapes { size, span, shapes })
    }
}

/// Pixel footprints the shapes are seen through ([`GlyphShapes::at_cell`]).
const FOOTPRINTS: [f32; 2] = [1.0, 1.5];

/// Bilinear ink of a `size` x `size` texel square covering `+-span` cells, at `(u, w)` cells
/// from its centre; 0 outside.
fn texel_ink(s: &[f32], size: usize, span: f32, u: f32, w: f32) -> f32 {
    let n = size;
    let fi = (u / span + 1.0) / 2.0 * n as f32 - 0.5;
    let fj = (w / span + 1.0) / 2.0 * n as f32 - 0.5;
    if !(0.0..=(n - 1) as f32).contains(&fi) || !(0.0..=(n - 1) as f32).contains(&fj) {
        return 0.0;
    }
    let (i0, j0) = (fi.floor() as usize, fj.floor() as usize);
    let (i1, j1) = ((i0 + 1).min(n - 1), (j0 + 1).min(n - 1));
    let (a, b) = (fi - i0 as f32, fj - j0 as f32);
    s[j0 * n + i0] * (1.0 - a) * (1.0 - b)
        + s[j0 * n + i1] * a * (1.0 - b)
        + s[j1 * n + i0] * (1.0 - a) * b
        + s[j1 * n + i1] * a * b
}

/// The shapes seen through the pixels of one board ([`GlyphShapes::at_cell`]).
#[derive(Clone, Debug)]
pub struct ScaledShapes<'a> {
    shapes: &'a GlyphShapes,
    /// The board's cell, in image pixels.
    cell: f32,
    /// `[kind][orientation][footprint]`: the texels filtered over that footprint.
    filtered: [[[Vec<f32>; 2]; 2]; 2],
}

impl ScaledShapes<'_> {
    /// Fits both shapes to the pixels within `half` cells of `edge`'s midpoint (see the module
    /// docs): each shape at sub-pixel offsets of up to `reach` pixels (steps of `reach / 2`,
    /// both axes) and through both footprints. `None` when the square holds fewer than 9
    /// pixels.
    pub fn fit(
        &self,
        img: &RgbImage,
        grid: &Grid,
        edge: Edge,
        theme: Theme,
        half: f32,
        reach: f32,
    ) -> Option<ShapeFit> {
        let (cx, cy) = grid.edge_center(edge);
        let c = self.cell;
        let r = half * c;
        let (w, h) = (i64::from(img.width()), i64::from(img.height()));
        let mut obs = Vec::new();
        let mut pos = Vec::new();
        for y in ((cy - r).floor() as i64).max(0)..((cy + r).ceil() as i64).min(h) {
            for x in ((cx - r).floor() as i64).max(0)..((cx + r).ceil() as i64).min(w) {
                obs.push(pixel_luma(img, x, y));
                pos.push((x as f32 + 0.5 - cx, y as f32 + 0.5 - cy));
            }
        }
        if obs.len() < 9 {
            return None;
        }
        let n = obs.len() as f32;
        let mo = obs.iter().sum::<f32>() / n;
        let total: f32 = obs.iter().map(|q| (q - mo) * (q - mo)).sum();
        let o = orientation(edge);
        let (size, span) = (self.shapes.size, self.shapes.span);
        let mut rss = [total; 2];
        let steps = [-reach, -reach / 2.0, 0.0, reach / 2.0, reach];
        let mut pred = vec![0.0f32; pos.len()];
        for (k, best) in rss.iter_mut().enumerate() {
            for texels in &self.filtered[k][o] {
                for &dy in &steps {
                    for &dx in &steps {
                        for (p, &(x, y)) in pred.iter_mut().zip(&pos) {
                            *p = texel_ink(texels, size, span, (x - dx) / c, (y - dy) / c);
                        }
                        let mp = pred.iter().sum::<f32>() / n;
                        let sxx: f32 = pred.iter().map(|p| (p - mp) * (p - mp)).sum();
                        if sxx <= 1e-6 {
                            continue;
                        }
                        let sxy: f32 = pred
                            .iter()
                            .zip(&obs)
                            .map(|(p, q)| (p - mp) * (q - mo))
                            .sum();
                        let gain = sxy / sxx;
                        // Ink is darker than the ground in light mode, lighter in dark mode.
                        let signed = match theme {
                            Theme::Light => gain < 0.0,
                            Theme::Dark => gain > 0.0,
                        };
                        if signed {
                            *best = best.min(total - gain * sxy);
                        }
                    }
                }
            }
        }
        Some(ShapeFit {
            rss: rss.map(|r| r.max(0.0)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Pos;

    /// Two shapes drawn by hand: bars for `=`, a cross for `x`.
    fn drawn() -> GlyphShapes {
        let n = 24;
        let at = |i: usize| ((i as f32 + 0.5) / n as f32 * 2.0 - 1.0) * 0.25;
        let eq: Vec<f32> = (0..n * n)
            .map(|k| {
                let (u, w) = (at(k % n), at(k / n));
                let bar = |y0: f32| (w - y0).abs() < 0.015 && u.abs() < 0.08;
                f32::from(u8::from(bar(-0.038) || bar(0.038)))
            })
            .collect();
        let x: Vec<f32> = (0..n * n)
            .map(|k| {
                let (u, w) = (at(k % n), at(k / n));
                let on = ((u - w).abs() < 0.02 || (u + w).abs() < 0.02) && u.abs() < 0.055;
                f32::from(u8::from(on))
            })
            .collect();
        GlyphShapes {
            size: n,
            span: 0.25,
            shapes: [[eq.clone(), eq], [x.clone(), x]],
        }
    }

    /// A light board of 3 cells of `cell` pixels with the glyph of kind `k` drawn on the edge
    /// between the first two, supersampled 8x then box-filtered (as a down-scale does).
    fn board_with(shapes: &GlyphShapes, k: usize, cell: f32) -> (RgbImage, Grid) {
        let grid = Grid {
            rows: 1,
            cols: 3,
            left: 2.3,
            top: 1.7,
            cell_w: cell,
            cell_h: cell,
        };
        let (w, h) = ((3.0 * cell + 5.0) as u32, (cell + 4.0) as u32);
        let (cx, cy) = grid.edge_center(Edge::Right(Pos::new(0, 0)));
        let img = RgbImage::from_fn(w, h, |x, y| {
            let mut ink = 0.0;
            for sj in 0..8 {
                for si in 0..8 {
                    let px = x as f32 + (si as f32 + 0.5) / 8.0;
                    let py = y as f32 + (sj as f32 + 0.5) / 8.0;
                    ink += shapes.ink(k, 0, (px - cx) / cell, (py - cy) / cell);
                }
            }
            let v = (250.0 - 180.0 * ink / 64.0) as u8;
            image::Rgb([v, v, v])
        });
        (img, grid)
    }

    #[test]
    fn a_small_glyph_fits_its_own_shape_best() {
        let shapes = drawn();
        for cell in [14.0f32, 18.0, 24.0] {
            for k in 0..2 {
                let (img, grid) = board_with(&shapes, k, cell);
                let scaled = shapes.at_cell(cell);
                let fit = scaled
                    .fit(
                        &img,
                        &grid,
                        Edge::Right(Pos::new(0, 0)),
                        Theme::Light,
                        0.18,
                        0.6,
                    )
                    .expect("enough pixels");
                let (kind, ratio) = fit.best();
                assert_eq!(kind_index(kind), k, "cell {cell}: {fit:?}");
                assert!(ratio > 1.0, "cell {cell}, kind {k}: ratio {ratio}");
                // The theme fixes the gain's sign: read as a dark board, neither shape fits.
                let dark = scaled
                    .fit(
                        &img,
                        &grid,
                        Edge::Right(Pos::new(0, 0)),
                        Theme::Dark,
                        0.18,
                        0.6,
                    )
                    .unwrap();
                assert!(dark.best().1 < 0.01, "{dark:?}");
            }
        }
    }

    #[test]
    fn the_file_text_reads_back() {
        let shapes = drawn();
        let text = shapes.to_text();
        assert_eq!(GlyphShapes::parse(&text).unwrap(), shapes);
        assert!(GlyphShapes::parse("snapsolve-shapes 2\n").is_err());
        let cut: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
        assert!(GlyphShapes::parse(&cut).is_err());
    }

    #[test]
    fn an_average_of_one_glyph_is_that_glyph() {
        let ink: Vec<f32> = (0..16).map(|i| i as f32 / 15.0).collect();
        let s = GlyphShapes::average(&[(Marker::Opposite, 1, ink.clone())], 4, 0.25);
        let want: Vec<f32> = ink.iter().map(|x| (x * 1000.0).round() / 1000.0).collect();
        assert_eq!(s.shapes[1][1], want);
        assert!(s.shapes[0][0].iter().all(|&x| x == 0.0));
    }
}
