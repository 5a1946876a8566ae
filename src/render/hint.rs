//! A hint drawn on a screenshot: the hinted cell boxed in a solid outline with what it holds
//! drawn pale inside (a pale `x` for "no crown"), the cells the hint rests on in dashed
//! outlines; a wrong piece boxed and struck out in the "wrong" colour, the right piece pale in
//! its corner.

use super::RenderError;
use super::draw::{self, GlyphStyle, Shape};
use super::overlay::{cell_box, usable_grid};
use super::palette::Palette;
use crate::board::{Grid, Theme};
use crate::generate::deduce::Fill;
use crate::puzzle::{Pos, Symbol};
use image::RgbImage;

/// How a hint is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct HintDrawOptions {
    /// Outline width relative to the cell (at least 1.5 px). Default 0.06.
    pub width: f32,
    /// Gap between an outline and the cell's edge, relative to the cell. Default 0.06.
    pub inset: f32,
    /// Dash length of the outlines of the cells behind the hint, relative to the cell.
    /// Default 0.12.
    pub dash: f32,
    /// Opacity of the body of the hinted piece (its outline is solid). Default 0.35.
    pub piece_opacity: f32,
    /// Size of the hinted piece relative to LinkedIn's pieces. Default 0.85.
    pub piece_size: f32,
}

impl Default for HintDrawOptions {
    fn default() -> Self {
        HintDrawOptions {
            width: 0.06,
            inset: 0.06,
            dash: 0.12,
            piece_opacity: 0.35,
            piece_size: 0.85,
        }
    }
}

/// What to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintMarks {
    /// The next deduction: its cell, what the cell holds, the cells behind it.
    Step {
        /// The hinted cell.
        cell: Pos,
        /// What it holds.
        fill: Fill,
        /// The cells the deduction rests on.
        behind: Vec<Pos>,
    },
    /// A wrong piece to fix, and the Tango symbol that belongs there.
    Wrong {
        /// The cell.
        cell: Pos,
        /// The right symbol (Tango).
        expected: Option<Symbol>,
    },
}

/// Draws the hint onto a copy of `img`; `grid` says where the cells are.
pub fn draw_hint(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    marks: &HintMarks,
    opts: &HintDrawOptions,
) -> Result<RgbImage, RenderError> {
    usable_grid(grid)?;
    let mut out = img.clone();
    let pal = Palette::for_theme(theme);
    let cell = grid.cell_w.min(grid.cell_h);
    let w = (opts.width * cell).max(1.5);
    let rect = |p: Pos| cell_box(grid, p, opts.inset * cell);
    let ring = |p: Pos| {
        let (x0, y0, x1, y1) = rect(p);
        Shape::rrect(x0, y0, x1, y1, w * 1.5).stroke(w)
    };
    match marks {
        HintMarks::Step {
            cell: at,
            fill,
            behind,
        } => {
            let focus = pal.hint;
            for &p in behind.iter().filter(|p| *p != at) {
                let (x0, y0, x1, y1) = rect(p);
                draw::dashed_rect(&mut out, x0, y0, x1, y1, w * 0.7, opts.dash * cell, focus);
            }
            draw::fill(&mut out, &ring(*at), focus, 1.0);
            let (cx, cy) = grid.center(*at);
            piece(&mut out, (cx, cy, cell), *fill, &pal, opts);
        }
        HintMarks::Wrong { cell: at, expected } => {
            draw::fill(&mut out, &ring(*at), pal.wrong, 1.0);
            let (cx, cy) = grid.center(*at);
            let h = 0.3 * cell;
            let strike = Shape::segment((cx - h, cy + h), (cx + h, cy - h), w);
            draw::fill(&mut out, &strike, pal.wrong, 1.0);
            if let Some(s) = expected {
                let (x, y) = (cx + 0.26 * grid.cell_w, cy + 0.26 * grid.cell_h);
                let fill = if *s == Symbol::Sun {
                    Fill::Sun
                } else {
                    Fill::Moon
                };
                let small = HintDrawOptions {
                    piece_size: 0.45,
                    piece_opacity: 1.0,
                    ..opts.clone()
                };
                piece(&mut out, (x, y, cell), fill, &pal, &small);
            }
        }
    }
    Ok(out)
}

/// The hinted piece, pale, centred at `(cx, cy)` in a cell of pitch `cell`.
fn piece(
    img: &mut RgbImage,
    (cx, cy, cell): (f32, f32, f32),
    fill: Fill,
    pal: &Palette,
    opts: &HintDrawOptions,
) {
    let pale = |st: GlyphStyle| GlyphStyle {
        fill_opacity: opts.piece_opacity,
        size: opts.piece_size,
        ..st
    };
    match fill {
        Fill::Sun => draw::sun(img, cx, cy, cell, &pale(pal.symbol_style(Symbol::Sun))),
        Fill::Moon => draw::moon(img, cx, cy, cell, &pale(pal.symbol_style(Symbol::Moon))),
        Fill::Crown => {
            let st = GlyphStyle {
                fill: pal.queens_line,
                outline: pal.queens_line,
                fill_opacity: opts.piece_opacity,
                size: opts.piece_size,
            };
            draw::crown(img, cx, cy, cell, &st);
        }
        Fill::NoCrown => draw::queens_x(img, cx, cy, cell * opts.piece_size, pal.queens_line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        Grid {
            rows: 4,
            cols: 4,
            left: 10.0,
            top: 10.0,
            cell_w: 40.0,
            cell_h: 40.0,
        }
    }

    fn changed(a: &RgbImage, b: &RgbImage, p: Pos) -> usize {
        let g = grid();
        let (x0, y0) = (g.left + p.col as f32 * 40.0, g.top + p.row as f32 * 40.0);
        let mut n = 0;
        for y in y0 as u32..(y0 + 40.0) as u32 {
            for x in x0 as u32..(x0 + 40.0) as u32 {
                n += (a.get_pixel(x, y) != b.get_pixel(x, y)) as usize;
            }
        }
        n
    }

    #[test]
    fn the_hinted_cell_and_the_cells_behind_it_are_drawn_and_nothing_else() {
        let img = RgbImage::from_pixel(180, 180, image::Rgb([255, 255, 255]));
        let marks = HintMarks::Step {
            cell: Pos::new(0, 2),
            fill: Fill::Moon,
            behind: vec![Pos::new(0, 0), Pos::new(0, 1)],
        };
        let out = draw_hint(&img, &grid(), Theme::Light, &marks, &Default::default()).unwrap();
        for p in [Pos::new(0, 2), Pos::new(0, 0), Pos::new(0, 1)] {
            assert!(changed(&img, &out, p) > 40, "{p}");
        }
        assert_eq!(changed(&img, &out, Pos::new(2, 2)), 0);
        assert_eq!(changed(&img, &out, Pos::new(0, 3)), 0);
    }

    #[test]
    fn documented_defaults() {
        crate::vision::check_documented_defaults(
            include_str!("hint.rs"),
            "HintDrawOptions",
            &format!("{:?}", HintDrawOptions::default()),
        );
    }
}
