//! Queens stage 4: crowns and x marks a player placed, from the centre glyph of each cell.
//!
//! An x mark is a small, thin glyph; a crown (black on desktop, gold on phones, or drawn by a
//! solver) is wider and fills much more of the centre.

use super::sample::Samples;
use crate::board::Placed;
use crate::puzzle::Pos;

/// Tunables of the pieces stage (sizes are fractions of the cell pitch).
#[derive(Clone, Debug)]
pub struct PieceOptions {
    /// Smallest share of the centre square covered by any glyph. Default 0.008 (x marks cover
    /// 0.014..0.036 in real screenshots).
    pub min_coverage: f32,
    /// Smallest glyph width or height for any glyph. Default 0.06 (x marks are 0.10..0.16).
    pub min_extent: f32,
    /// Smallest coverage of a crown. Default 0.09 (crowns cover 0.15..0.40).
    pub crown_coverage: f32,
    /// Smallest width of a crown. Default 0.3 (crowns are 0.42..0.63 wide, x marks at most
    /// 0.16).
    pub crown_width: f32,
    /// Largest width or height of an x mark. A glyph larger than this that is not a crown
    /// (too little of it: a crown paled by a light band, lines of dark hatching) is no piece.
    /// Default 0.4 (an x mark under JPEG at half scale measured over 0.3 in a stress render).
    pub cross_max_extent: f32,
    /// A glyph at least this wide and tall (the whole centre square both ways: no crown is as
    /// tall as that, the real ones at hand measure at most 0.57)... Default 0.6.
    pub hatch_extent: f32,
    /// ... covering less than this of it is the hint mode's hatching over an empty cell, no
    /// piece; hatching over a crown covers more (0.36 in a stress render, hatching alone
    /// 0.13-0.23). 0 turns the rule off. Default 0.3.
    pub hatch_coverage: f32,
    /// A crown whose glyph is wider than the median of the board's crowns (three at least)
    /// times this is not LinkedIn's crown, which is drawn alike in every cell
    /// ([`crate::board::Reading::odd_crowns`]): on the real captures every crown measures
    /// 0.91-1.07 of its board's median width; a card's letters read as a crown measured 1.26,
    /// its outline 1.26 (foreign 58000263: both completed a board that was taken as the
    /// answer, wrong). Only wider: the win shimmer's band pales a crown to 0.86 of the others
    /// and the board it completes is the answer. `None`: off. Default Some(1.15).
    pub crown_odd_size: Option<f32>,
}

impl Default for PieceOptions {
    fn default() -> Self {
        PieceOptions {
            min_coverage: 0.008,
            min_extent: 0.06,
            crown_coverage: 0.09,
            crown_width: 0.3,
            cross_max_extent: 0.4,
            hatch_extent: 0.6,
            hatch_coverage: 0.3,
            crown_odd_size: Some(1.15),
        }
    }
}

/// The pieces seen, in row-major order.
pub fn pieces(s: &Samples, o: &PieceOptions) -> Vec<Placed> {
    let mut out = Vec::new();
    for (i, c) in s.cells.iter().enumerate() {
        let g = c.glyph;
        if g.coverage < o.min_coverage || g.width.max(g.height) < o.min_extent {
            continue;
        }
        if g.width.min(g.height) >= o.hatch_extent && g.coverage < o.hatch_coverage {
            continue;
        }
        let pos = Pos::new(i / s.n, i % s.n);
        if g.coverage >= o.crown_coverage && g.width >= o.crown_width {
            out.push(Placed::Crown { pos });
        } else if g.width.max(g.height) <= o.cross_max_extent {
            out.push(Placed::Cross { pos });
        }
    }
    out
}

/// The crowns in `placed` whose glyph is not the size of the board's others (see
/// [`PieceOptions::crown_odd_size`]), in row-major order.
pub fn odd_crowns(s: &Samples, placed: &[Placed], o: &PieceOptions) -> Vec<Pos> {
    let Some(factor) = o.crown_odd_size else {
        return Vec::new();
    };
    let crowns: Vec<Pos> = placed
        .iter()
        .filter_map(|p| match p {
            Placed::Crown { pos } => Some(*pos),
            _ => None,
        })
        .collect();
    if crowns.len() < 3 {
        return Vec::new();
    }
    let glyph = |p: &Pos| s.cells[p.row * s.n + p.col].glyph;
    let median = |f: &dyn Fn(&Pos) -> f32| {
        let mut v: Vec<f32> = crowns.iter().map(f).collect();
        v.sort_by(f32::total_cmp);
        v[v.len() / 2]
    };
    let width = median(&|p| glyph(p).width);
    crowns
        .into_iter()
        .filter(|p| glyph(p).width > factor * width)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::color::Lab;
    use super::super::sample::{CellSample, Glyph};
    use super::*;

    #[test]
    fn crowns_crosses_and_blanks() {
        let cell = |coverage: f32, width: f32| CellSample {
            colour: Lab::default(),
            spread: 0.0,
            reddened: 0.0,
            shading: 0.0,
            darkened: 0.0,
            glyph: Glyph {
                coverage,
                width,
                height: width,
                colour: Lab::default(),
            },
        };
        let s = Samples {
            n: 3,
            cells: vec![
                cell(0.0, 0.0),
                cell(0.02, 0.12),
                cell(0.3, 0.5),
                cell(0.003, 0.03),
                // Wide but thin: a crown paled by a light band, or dark hatching.
                cell(0.06, 0.55),
                // The whole centre square both ways: hatching alone, then over a crown.
                cell(0.2, 0.63),
                cell(0.36, 0.63),
                cell(0.0, 0.0),
                cell(0.0, 0.0),
            ],
            right: vec![1.0; 6],
            down: vec![1.0; 6],
        };
        assert_eq!(
            pieces(&s, &PieceOptions::default()),
            vec![
                Placed::Cross {
                    pos: Pos::new(0, 1)
                },
                Placed::Crown {
                    pos: Pos::new(0, 2)
                },
                Placed::Crown {
                    pos: Pos::new(2, 0)
                }
            ]
        );
    }

    #[test]
    fn a_crown_unlike_the_boards_others_is_odd() {
        let cell = |width: f32, height: f32| CellSample {
            colour: Lab::default(),
            spread: 0.0,
            reddened: 0.0,
            shading: 0.0,
            darkened: 0.0,
            glyph: Glyph {
                coverage: 0.25,
                width,
                height,
                colour: Lab::default(),
            },
        };
        // Crowns alike but for two as wide as a card's letters and its outline; one paled
        // smaller by a light band is no odd crown.
        let s = Samples {
            n: 3,
            cells: vec![
                cell(0.47, 0.34),
                cell(0.0, 0.0),
                cell(0.50, 0.37),
                cell(0.52, 0.37),
                cell(0.63, 0.39),
                cell(0.0, 0.0),
                cell(0.50, 0.34),
                cell(0.42, 0.30),
                cell(0.63, 0.18),
            ],
            right: vec![1.0; 6],
            down: vec![1.0; 6],
        };
        let o = PieceOptions::default();
        let placed = pieces(&s, &o);
        assert_eq!(placed.len(), 7);
        assert_eq!(
            odd_crowns(&s, &placed, &o),
            vec![Pos::new(1, 1), Pos::new(2, 2)]
        );
        let off = PieceOptions {
            crown_odd_size: None,
            ..o
        };
        assert!(odd_crowns(&s, &placed, &off).is_empty());
    }
}
