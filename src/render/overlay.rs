//! The solution overlay: draws the answer onto the user's original screenshot, at the cells
//! the reader found, at the image's own size and in its theme.
//!
//! - Tango: the missing suns and moons in the open cells, in a lighter "hint" style (pale body,
//!   solid outline, slightly smaller) so they read differently from givens and player pieces;
//!   player pieces that disagree with the solution are crossed out and outlined, with the right
//!   symbol small in the cell's corner.
//!   On a themed board ([`crate::board::Icons::themed`]) the pieces are the board's own icons,
//!   copied from a cell that shows them and drawn half transparent.
//! - Queens: each case has its own mark: a crown to place is drawn pale; a player's crown that
//!   is right is left untouched; a player's crown that is wrong is boxed in red and struck out;
//!   a player's x on a solution cell is boxed (not struck) with a small pale crown beside it.
//! - Cells or edges the reader was unsure of ([`Reading::doubts`]) get a dashed outline; a
//!   conflict set ([`OverlayMarks`], e.g. when there is no solution) a solid one.

use super::RenderError;
use super::draw::{self, GlyphStyle, Shape, hex};
use super::palette::{self, Palette};
use crate::board::{Doubt, Grid, Placed, Reading};
use crate::puzzle::{Edge, Pos, Puzzle, Solution, Symbol};
use image::RgbImage;

/// Extra things to show besides the solution.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OverlayMarks {
    /// Cells of a conflict set (e.g. the givens that together admit no solution).
    pub conflict_cells: Vec<Pos>,
    /// Marker edges of a conflict set.
    pub conflict_edges: Vec<Edge>,
}

/// Options of [`overlay`]. Sizes are relative to the cell pitch so the overlay scales with the
/// screenshot.
#[derive(Clone, Debug, PartialEq)]
pub struct OverlayOptions {
    /// Opacity of a hint piece's body (its outline is solid). Default 0.3.
    pub hint_opacity: f32,
    /// Size of hint pieces relative to LinkedIn's pieces. Default 0.85.
    pub hint_size: f32,
    /// Size of the corrected symbol drawn in the corner of a wrong piece. Default 0.5.
    pub correction_size: f32,
    /// Width of outlines (wrong piece, conflict, doubt) relative to the cell. Default 0.05.
    pub mark_width: f32,
    /// Inset of cell outlines from the cell edge, relative to the cell. Default 0.07.
    pub mark_inset: f32,
    /// Outline the reader's low-confidence cells and edges. Default true.
    pub show_doubts: bool,
    /// Themed boards: opacity of the board's own icon drawn as a hint piece. Default 0.55.
    pub themed_opacity: f32,
    /// Themed boards: a pixel of the example cell is icon when a channel differs from that
    /// cell's background by at least this. Default 40.
    pub themed_icon_delta: f32,
}

impl Default for OverlayOptions {
    fn default() -> Self {
        OverlayOptions {
            hint_opacity: 0.3,
            hint_size: 0.85,
            correction_size: 0.5,
            mark_width: 0.05,
            mark_inset: 0.07,
            show_doubts: true,
            themed_opacity: 0.55,
            themed_icon_delta: 40.0,
        }
    }
}

/// Whether a grid is usable for drawing: finite, with a positive cell size.
pub(super) fn usable_grid(g: &Grid) -> Result<(), RenderError> {
    let ok = [g.left, g.top, g.cell_w, g.cell_h]
        .iter()
        .all(|v| v.is_finite())
        && g.cell_w > 0.0
        && g.cell_h > 0.0;
    if ok {
        Ok(())
    } else {
        Err(RenderError::BadOption(format!("unusable grid {g:?}")))
    }
}

/// Whether a grid is usable for drawing (finite, positive cell size, matching the puzzle).
fn check_grid(g: &Grid, p: &Puzzle) -> Result<(), RenderError> {
    usable_grid(g)?;
    if (g.rows, g.cols) != p.size() {
        return Err(RenderError::BadOption(format!(
            "grid is {}x{} but the puzzle is {}x{}",
            g.rows,
            g.cols,
            p.size().0,
            p.size().1
        )));
    }
    Ok(())
}

/// Draws the solution (if any), the conflict set and the reader's doubts onto a copy of `img`
/// (see [`overlay_into`]).
pub fn overlay(
    img: &RgbImage,
    reading: &Reading,
    solution: Option<&Solution>,
    marks: &OverlayMarks,
    opts: &OverlayOptions,
) -> Result<RgbImage, RenderError> {
    let mut out = img.clone();
    overlay_into(&mut out, reading, solution, marks, opts)?;
    Ok(out)
}

/// Draws the solution (if any), the conflict set and the reader's doubts onto `img` itself,
/// in place (no copy of a large phone screenshot). The image keeps its size; `reading.grid`
/// says where the cells are and `reading.theme` which colours to use. On an error nothing has
/// been drawn.
pub fn overlay_into(
    out: &mut RgbImage,
    reading: &Reading,
    solution: Option<&Solution>,
    marks: &OverlayMarks,
    opts: &OverlayOptions,
) -> Result<(), RenderError> {
    check_grid(&reading.grid, &reading.puzzle)?;
    if let Some(s) = solution {
        s.check_fits(&reading.puzzle)
            .map_err(RenderError::SolutionMismatch)?;
    }
    let pal = Palette::for_theme(reading.theme);
    let g = &reading.grid;
    let cell = g.cell_w.min(g.cell_h);
    // A themed board's pieces are copies of its own icons: read them before anything is drawn.
    let icon_src = reading.icons.filter(|i| i.themed).map(|_| out.clone());
    if let Some(sol) = solution {
        match &reading.puzzle {
            Puzzle::Tango(t) => {
                for pos in t.positions() {
                    if t.given(pos).is_some() {
                        continue;
                    }
                    let Some(want) = sol.symbol(pos) else {
                        continue;
                    };
                    let placed = reading.placed.iter().find_map(|pl| match *pl {
                        Placed::Symbol { pos: p, symbol } if p == pos => Some(symbol),
                        _ => None,
                    });
                    match placed {
                        Some(s) if s == want => {}
                        Some(_) => {
                            mark_wrong(out, g, pos, &pal, opts);
                            let (cx, cy) = corner_point(g, pos);
                            let st = GlyphStyle {
                                size: opts.correction_size,
                                ..pal.symbol_style(want)
                            };
                            piece(out, icon_src.as_ref(), reading, want, (cx, cy), &st, opts);
                        }
                        None => {
                            let (cx, cy) = g.center(pos);
                            let st = GlyphStyle {
                                fill_opacity: opts.hint_opacity,
                                size: opts.hint_size,
                                ..pal.symbol_style(want)
                            };
                            piece(out, icon_src.as_ref(), reading, want, (cx, cy), &st, opts);
                        }
                    }
                }
            }
            Puzzle::Queens(q) => {
                let hint = GlyphStyle {
                    fill: hex(palette::CROWN_GOLD),
                    outline: hex(palette::CROWN_GOLD_OUTLINE),
                    fill_opacity: opts.hint_opacity,
                    size: opts.hint_size,
                };
                for r in 0..q.n() {
                    for c in 0..q.n() {
                        let pos = Pos::new(r, c);
                        let here: Vec<&Placed> =
                            reading.placed.iter().filter(|pl| pl.pos() == pos).collect();
                        let crowned = here.iter().any(|pl| matches!(pl, Placed::Crown { .. }));
                        let crossed = here.iter().any(|pl| matches!(pl, Placed::Cross { .. }));
                        let want = sol.has_crown(pos);
                        if crowned && !want {
                            // A wrong crown: boxed and struck out.
                            mark_wrong(out, g, pos, &pal, opts);
                        } else if crossed && want {
                            // The player's x on a solution cell: the x boxed (not struck: the
                            // crown is right there), the crown small and pale beside it.
                            box_cell(out, g, pos, &pal, opts);
                            let (cx, cy) = corner_point(g, pos);
                            let st = GlyphStyle {
                                size: opts.correction_size,
                                ..hint
                            };
                            draw::crown(out, cx, cy, cell, &st);
                        } else if want && !crowned {
                            let (cx, cy) = g.center(pos);
                            draw::crown(out, cx, cy, cell, &hint);
                        }
                    }
                }
            }
        }
    }
    let w = (opts.mark_width * cell).max(1.5);
    for &pos in &marks.conflict_cells {
        let (x0, y0, x1, y1) = cell_box(g, pos, opts.mark_inset * cell);
        draw::fill(
            out,
            &Shape::rrect(x0, y0, x1, y1, w * 1.5).stroke(w),
            pal.conflict,
            1.0,
        );
    }
    for &e in &marks.conflict_edges {
        let (cx, cy) = g.edge_center(e);
        draw::fill(
            out,
            &Shape::circle(cx, cy, 0.17 * cell).stroke(w),
            pal.conflict,
            1.0,
        );
    }
    if opts.show_doubts {
        for d in &reading.doubts {
            let (x0, y0, x1, y1) = match *d {
                Doubt::Cell { pos, .. } => {
                    if pos.row >= g.rows || pos.col >= g.cols {
                        continue;
                    }
                    cell_box(g, pos, opts.mark_inset * cell * 0.5)
                }
                Doubt::Edge { edge, .. } => {
                    let (cx, cy) = g.edge_center(edge);
                    let h = 0.17 * cell;
                    (cx - h, cy - h, cx + h, cy + h)
                }
            };
            draw::dashed_rect(out, x0, y0, x1, y1, w * 0.8, w * 2.0, pal.doubt);
        }
    }
    Ok(())
}

/// A Tango piece at `(cx, cy)`: LinkedIn's sun or moon drawn in `st`, or on a themed board the
/// board's own icon copied from `src` (the screenshot before drawing) at `st.size`.
fn piece(
    out: &mut RgbImage,
    src: Option<&RgbImage>,
    reading: &Reading,
    s: Symbol,
    (cx, cy): (f32, f32),
    st: &GlyphStyle,
    opts: &OverlayOptions,
) {
    let g = &reading.grid;
    let cell = g.cell_w.min(g.cell_h);
    match (reading.icons.filter(|i| i.themed), src) {
        (Some(icons), Some(src)) => {
            let from = if s == Symbol::Sun {
                icons.sun
            } else {
                icons.moon
            };
            copy_icon(out, src, g, from, (cx, cy), st.size, opts);
        }
        _ => symbol(out, s, cx, cy, cell, st),
    }
}

/// Copies the icon of cell `from` of `src` (its pixels that differ from the cell's background)
/// to `(cx, cy)` of `out`, scaled by `scale`, blended at [`OverlayOptions::themed_opacity`].
fn copy_icon(
    out: &mut RgbImage,
    src: &RgbImage,
    g: &Grid,
    from: Pos,
    (cx, cy): (f32, f32),
    scale: f32,
    opts: &OverlayOptions,
) {
    let cell = g.cell_w.min(g.cell_h);
    let (sx, sy) = g.center(from);
    let px = |x: f32, y: f32| crate::vision::pixel::nearest(src, x, y);
    // The example cell's background: the median of points near its four inner corners.
    let k = 0.36 * cell;
    let mut corners: Vec<[f32; 3]> = [(-k, -k), (k, -k), (-k, k), (k, k)]
        .iter()
        .map(|&(dx, dy)| px(sx + dx, sy + dy))
        .collect();
    let mut bg = [0.0f32; 3];
    for (ch, b) in bg.iter_mut().enumerate() {
        corners.sort_by(|a, b| a[ch].total_cmp(&b[ch]));
        *b = (corners[1][ch] + corners[2][ch]) / 2.0;
    }
    let scale = scale.max(0.05);
    let rad = 0.34 * cell * scale;
    let (w, h) = out.dimensions();
    let x0 = (cx - rad).floor().max(0.0) as u32;
    let y0 = (cy - rad).floor().max(0.0) as u32;
    let x1 = ((cx + rad).ceil().max(0.0) as u32).min(w);
    let y1 = ((cy + rad).ceil().max(0.0) as u32).min(h);
    for y in y0..y1 {
        for x in x0..x1 {
            let (dx, dy) = (x as f32 - cx, y as f32 - cy);
            if dx * dx + dy * dy > rad * rad {
                continue;
            }
            let p = px(sx + dx / scale, sy + dy / scale);
            let diff = (0..3).map(|c| (p[c] - bg[c]).abs()).fold(0.0, f32::max);
            if diff < opts.themed_icon_delta {
                continue;
            }
            let o = out.get_pixel_mut(x, y);
            for (oc, pc) in o.0.iter_mut().zip(p) {
                let v = f32::from(*oc) * (1.0 - opts.themed_opacity) + pc * opts.themed_opacity;
                *oc = v.round().clamp(0.0, 255.0) as u8;
            }
        }
    }
}

fn symbol(img: &mut RgbImage, s: Symbol, cx: f32, cy: f32, cell: f32, st: &GlyphStyle) {
    match s {
        Symbol::Sun => draw::sun(img, cx, cy, cell, st),
        Symbol::Moon => draw::moon(img, cx, cy, cell, st),
    }
}

/// The cell's box, shrunk by `inset` pixels.
pub(super) fn cell_box(g: &Grid, p: Pos, inset: f32) -> (f32, f32, f32, f32) {
    let x0 = g.left + p.col as f32 * g.cell_w + inset;
    let y0 = g.top + p.row as f32 * g.cell_h + inset;
    (
        x0,
        y0,
        x0 + g.cell_w - 2.0 * inset,
        y0 + g.cell_h - 2.0 * inset,
    )
}

/// Where the corrected symbol of a wrong cell goes: the lower-right quarter.
fn corner_point(g: &Grid, p: Pos) -> (f32, f32) {
    (
        g.left + (p.col as f32 + 0.76) * g.cell_w,
        g.top + (p.row as f32 + 0.76) * g.cell_h,
    )
}

/// Outlines a cell in the "wrong" colour.
fn box_cell(img: &mut RgbImage, g: &Grid, p: Pos, pal: &Palette, opts: &OverlayOptions) {
    let cell = g.cell_w.min(g.cell_h);
    let w = (opts.mark_width * cell).max(1.5);
    let (x0, y0, x1, y1) = cell_box(g, p, opts.mark_inset * cell);
    draw::fill(
        img,
        &Shape::rrect(x0, y0, x1, y1, w * 1.5).stroke(w),
        pal.wrong,
        1.0,
    );
}

/// Outlines a cell and strikes its piece out.
fn mark_wrong(img: &mut RgbImage, g: &Grid, p: Pos, pal: &Palette, opts: &OverlayOptions) {
    box_cell(img, g, p, pal, opts);
    let cell = g.cell_w.min(g.cell_h);
    let w = (opts.mark_width * cell).max(1.5);
    let (cx, cy) = g.center(p);
    let h = 0.3 * cell;
    draw::fill(
        img,
        &Shape::segment((cx - h, cy + h), (cx + h, cy - h), w),
        pal.wrong,
        1.0,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Theme;
    use crate::format;

    fn reading(p: Puzzle) -> Reading {
        let (rows, cols) = p.size();
        Reading {
            puzzle: p,
            grid: Grid {
                rows,
                cols,
                left: 10.0,
                top: 10.0,
                cell_w: 40.0,
                cell_h: 40.0,
            },
            theme: Theme::Light,
            placed: Vec::new(),
            doubts: Vec::new(),
            weak: Vec::new(),
            min_confidence: 1.0,
            occluded: Vec::new(),
            straightened: None,
            icons: None,
            pieces_as_givens: false,
            no_given_shading: false,
            pieces_sorted: false,
            small_glyphs: false,
            overlay_seen: false,
            red_stripes: false,
            stripes_unseen: false,
            odd_crowns: Vec::new(),
            striped: Vec::new(),
            striped_walled: Vec::new(),
            misread_regions: Vec::new(),
            cut: None,
            probabilities: None,
        }
    }

    #[test]
    fn themed_boards_get_their_own_icons() {
        // A 2x2 board whose S is a green square and whose M a purple bar (given in r1c1 and
        // r1c2); the open cells get copies of them, half transparent.
        let p = format::parse("tango 2x2\nS M\n\n. .\n").unwrap();
        let sol = Solution::Tango {
            rows: 2,
            cols: 2,
            cells: vec![Symbol::Sun, Symbol::Moon, Symbol::Moon, Symbol::Sun],
        };
        let mut img = RgbImage::from_pixel(100, 100, hex(0xFFFFFF));
        for y in 22..38 {
            for x in 22..38 {
                img.put_pixel(x, y, image::Rgb([0, 160, 0]));
            }
            for x in 66..74 {
                img.put_pixel(x, y, image::Rgb([120, 0, 160]));
            }
        }
        let mut rd = reading(p);
        rd.icons = Some(crate::board::Icons {
            themed: true,
            sun: Pos::new(0, 0),
            moon: Pos::new(0, 1),
        });
        let draw = |rd: &Reading| {
            overlay(
                &img,
                rd,
                Some(&sol),
                &OverlayMarks::default(),
                &OverlayOptions::default(),
            )
            .unwrap()
        };
        let out = draw(&rd);
        // r2c2 (S): greenish at its centre; r2c1 (M): purplish at its centre, white beside.
        let s = out.get_pixel(70, 70).0;
        assert!(s[1] > s[0] + 40 && s[1] > s[2] + 40, "{s:?}");
        let m = out.get_pixel(30, 70).0;
        assert!(m[2] > m[1] + 40 && m[0] > m[1] + 20, "{m:?}");
        assert_eq!(out.get_pixel(22, 70).0, [255, 255, 255]);
        assert_eq!(
            out.get_pixel(30, 30),
            img.get_pixel(30, 30),
            "givens untouched"
        );
        // Not themed: LinkedIn's own sun and moon are drawn instead.
        rd.icons = rd.icons.map(|i| crate::board::Icons { themed: false, ..i });
        let plain = draw(&rd);
        assert_ne!(plain.get_pixel(70, 70), out.get_pixel(70, 70));
    }

    #[test]
    fn tango_hints_only_in_open_cells_and_wrong_pieces_marked() {
        let text = "tango 2x2\nS .\n\n. .\n";
        let p = format::parse(text).unwrap();
        let sol = Solution::Tango {
            rows: 2,
            cols: 2,
            cells: vec![Symbol::Sun, Symbol::Moon, Symbol::Moon, Symbol::Sun],
        };
        let mut rd = reading(p);
        rd.placed.push(Placed::Symbol {
            pos: Pos::new(1, 1),
            symbol: Symbol::Moon,
        });
        let img = RgbImage::from_pixel(100, 100, hex(0xFFFFFF));
        let out = overlay(
            &img,
            &rd,
            Some(&sol),
            &OverlayMarks::default(),
            &OverlayOptions::default(),
        )
        .unwrap();
        assert_eq!(out.dimensions(), img.dimensions());
        let changed = |x0: u32, y0: u32| {
            (x0..x0 + 40)
                .flat_map(|x| (y0..y0 + 40).map(move |y| (x, y)))
                .filter(|&(x, y)| *out.get_pixel(x, y) != hex(0xFFFFFF))
                .count()
        };
        assert_eq!(changed(10, 10), 0, "a given cell is left alone");
        assert!(changed(50, 10) > 50, "a hint moon");
        assert!(changed(10, 50) > 50, "a hint moon");
        // The wrong piece gets the red outline.
        let pal = Palette::for_theme(Theme::Light);
        assert!((50..90).any(|x| (50..90).any(|y| {
            let p = out.get_pixel(x, y);
            p == &pal.wrong
        })));
    }

    /// Queens: each case has its own mark (a struck-out box only on a wrong crown).
    #[test]
    fn queens_marks_tell_the_cases_apart() {
        // 4x4 with one region per row; the solution crowns are (0,1), (1,3), (2,0), (3,2).
        let text = "queens 4x4\nA A A A\nB B B B\nC C C C\nD D D D\n";
        let p = format::parse(text).unwrap();
        let sol = Solution::Queens {
            crowns: vec![1, 3, 0, 2],
        };
        let mut rd = reading(p);
        rd.placed = vec![
            Placed::Crown {
                pos: Pos::new(0, 1),
            }, // right crown: untouched
            Placed::Crown {
                pos: Pos::new(1, 0),
            }, // wrong crown: boxed and struck
            Placed::Cross {
                pos: Pos::new(2, 0),
            }, // x on a solution cell: boxed, crown aside
        ];
        let img = RgbImage::from_pixel(180, 180, hex(0xFFFFFF));
        let out = overlay(
            &img,
            &rd,
            Some(&sol),
            &OverlayMarks::default(),
            &OverlayOptions::default(),
        )
        .unwrap();
        let pal = Palette::for_theme(Theme::Light);
        let cell_px = |r: u32, c: u32| {
            let (x0, y0) = (10 + 40 * c, 10 + 40 * r);
            (x0..x0 + 40).flat_map(move |x| (y0..y0 + 40).map(move |y| (x, y)))
        };
        let count = |r, c, f: &dyn Fn(&image::Rgb<u8>) -> bool| {
            cell_px(r, c)
                .filter(|&(x, y)| f(out.get_pixel(x, y)))
                .count()
        };
        let red = |p: &image::Rgb<u8>| *p == pal.wrong;
        let changed = |p: &image::Rgb<u8>| *p != hex(0xFFFFFF);
        assert_eq!(count(0, 1, &changed), 0, "a right crown is left alone");
        // The struck-out diagonal crosses the cell centre: red pixels near it.
        let centre_red = |r: u32, c: u32| {
            let (cx, cy) = (10 + 40 * c + 20, 10 + 40 * r + 20);
            (cx - 2..=cx + 2).any(|x| (cy - 2..=cy + 2).any(|y| red(out.get_pixel(x, y))))
        };
        assert!(
            count(1, 0, &red) > 20 && centre_red(1, 0),
            "a wrong crown is struck out"
        );
        assert!(count(2, 0, &red) > 20, "an x on a solution cell is boxed");
        assert!(!centre_red(2, 0), "but not struck out");
        assert!(count(3, 2, &changed) > 30, "a crown to place is drawn");
        assert_eq!(count(3, 2, &red), 0, "without any red");
    }

    #[test]
    fn mismatched_inputs_are_errors() {
        let p = format::parse("tango 2x2\nS .\n\n. .\n").unwrap();
        let img = RgbImage::new(50, 50);
        let q = Solution::Queens {
            crowns: vec![0, 1, 2, 3],
        };
        let rd = reading(p.clone());
        assert!(
            overlay(
                &img,
                &rd,
                Some(&q),
                &OverlayMarks::default(),
                &OverlayOptions::default()
            )
            .is_err()
        );
        let mut bad = reading(p);
        bad.grid.cell_w = f32::NAN;
        assert!(
            overlay(
                &img,
                &bad,
                None,
                &OverlayMarks::default(),
                &OverlayOptions::default()
            )
            .is_err()
        );
    }
}

#[cfg(test)]
mod default_tests {
    use super::OverlayOptions;

    #[test]
    fn documented_defaults() {
        let d = OverlayOptions::default();
        assert_eq!(d.hint_opacity, 0.3);
        assert_eq!(d.hint_size, 0.85);
        assert_eq!(d.correction_size, 0.5);
        assert_eq!(d.mark_width, 0.05);
        assert_eq!(d.mark_inset, 0.07);
        assert!(d.show_doubts);
    }
}
