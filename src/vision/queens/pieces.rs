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
    /// Smallest share of the centre square covered by any glyph. Default 0.01.
    pub min_coverage: f32,
    /// Smallest glyph width or height for any glyph. Default 0.08.
    pub min_extent: f32,
    /// Smallest coverage of a crown (x marks cover less). Default 0.12.
    pub crown_coverage: f32,
}

impl Default for PieceOptions {
    fn default() -> Self {
        PieceOptions {
            min_coverage: 0.01,
            min_extent: 0.08,
            crown_coverage: 0.12,
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
        let pos = Pos::new(i / s.n, i % s.n);
        out.push(if g.coverage >= o.crown_coverage {
            Placed::Crown { pos }
        } else {
            Placed::Cross { pos }
        });
    }
    out
}
