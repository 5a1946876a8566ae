//! Typed values shared by the image stages and the renderer: where the board is in the image,
//! what the reader saw in each cell, and how sure it was.

use crate::puzzle::{Edge, Game, Pos, Puzzle, Symbol};
use serde::Serialize;

/// Light or dark page theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Light page, white cells.
    #[default]
    Light,
    /// Dark page, near-black cells.
    Dark,
}

/// A side of the image (where a board is cut off; where the renderer cuts one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The left edge.
    Left,
    /// The right edge.
    Right,
    /// The top edge.
    Top,
    /// The bottom edge.
    Bottom,
}

impl Side {
    /// Lowercase name (`left`, `right`, `top`, `bottom`).
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
            Side::Top => "top",
            Side::Bottom => "bottom",
        }
    }

    /// The side across the board.
    pub fn opposite(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The board's grid in image pixel coordinates (x to the right, y down). Cell `(r, c)` covers
/// `[left + c * cell_w, left + (c + 1) * cell_w) x [top + r * cell_h, top + (r + 1) * cell_h)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Grid {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// x of the board's left edge (outer edge of the first column of cells).
    pub left: f32,
    /// y of the board's top edge.
    pub top: f32,
    /// Cell pitch in x.
    pub cell_w: f32,
    /// Cell pitch in y.
    pub cell_h: f32,
}

impl Grid {
    /// Centre of a cell, in pixels.
    pub fn center(&self, p: Pos) -> (f32, f32) {
        (
            self.left + (p.col as f32 + 0.5) * self.cell_w,
            self.top + (p.row as f32 + 0.5) * self.cell_h,
        )
    }
    /// Centre of an edge (the midpoint of the shared side of its two cells).
    pub fn edge_center(&self, e: Edge) -> (f32, f32) {
        let (a, b) = e.cells();
        let (ax, ay) = self.center(a);
        let (bx, by) = self.center(b);
        ((ax + bx) / 2.0, (ay + by) / 2.0)
    }
    /// Board width in pixels.
    pub fn width(&self) -> f32 {
        self.cols as f32 * self.cell_w
    }
    /// Board height in pixels.
    pub fn height(&self) -> f32 {
        self.rows as f32 * self.cell_h
    }
    /// Whether cell `p` lies in the grid's outermost row or column on `side`.
    pub fn on_side(&self, p: Pos, side: Side) -> bool {
        match side {
            Side::Left => p.col == 0,
            Side::Right => p.col + 1 == self.cols,
            Side::Top => p.row == 0,
            Side::Bottom => p.row + 1 == self.rows,
        }
    }
    /// The one row or column of cells just beyond `side` of the grid.
    pub fn beyond(&self, side: Side) -> Grid {
        let moved = self.moved(side);
        match side {
            Side::Left => Grid { cols: 1, ..moved },
            Side::Right => Grid {
                cols: 1,
                left: self.left + self.width(),
                ..moved
            },
            Side::Top => Grid { rows: 1, ..moved },
            Side::Bottom => Grid {
                rows: 1,
                top: self.top + self.height(),
                ..moved
            },
        }
    }
    /// The grid moved one pitch towards `side`.
    pub fn moved(&self, side: Side) -> Grid {
        let (dx, dy) = match side {
            Side::Left => (-1.0, 0.0),
            Side::Right => (1.0, 0.0),
            Side::Top => (0.0, -1.0),
            Side::Bottom => (0.0, 1.0),
        };
        Grid {
            left: self.left + dx * self.cell_w,
            top: self.top + dy * self.cell_h,
            ..*self
        }
    }
}

/// A piece a player placed (not part of the puzzle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Placed {
    /// A Tango symbol on a white (unlocked) cell.
    Symbol {
        /// Where.
        pos: Pos,
        /// Which symbol.
        symbol: Symbol,
    },
    /// A Queens crown.
    Crown {
        /// Where.
        pos: Pos,
    },
    /// A Queens x mark (the player ruled the cell out).
    Cross {
        /// Where.
        pos: Pos,
    },
}

impl Placed {
    /// The cell the piece is on.
    pub fn pos(&self) -> Pos {
        match *self {
            Placed::Symbol { pos, .. } | Placed::Crown { pos } | Placed::Cross { pos } => pos,
        }
    }
}

/// Something the reader was not sure of.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Doubt {
    /// A cell read with low confidence.
    Cell {
        /// Where.
        pos: Pos,
        /// Confidence in 0..=1.
        confidence: f32,
        /// Tango: the piece's symbol was read surely; only whether it is a given (or a piece
        /// the player placed) is in doubt (stripes or a bright band hide the given shading).
        given_only: bool,
    },
    /// An edge (marker) read with low confidence.
    Edge {
        /// Which edge.
        edge: Edge,
        /// Confidence in 0..=1.
        confidence: f32,
    },
}

/// What the reader made of a screenshot: the puzzle, where it is, and what else it saw.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The puzzle (givens and markers, or the region map).
    pub puzzle: Puzzle,
    /// Where the board is in the image.
    pub grid: Grid,
    /// Page theme.
    pub theme: Theme,
    /// Pieces placed by the player (not part of the puzzle).
    pub placed: Vec<Placed>,
    /// Low-confidence reads, weakest first.
    pub doubts: Vec<Doubt>,
    /// Reads sure enough to solve from but not to vouch for a repair (Tango: confidence from
    /// [`crate::vision::tango::TangoReadOptions::doubt_below`] up to `weak_below`), weakest
    /// first. A repair that overrides several glyphs of one kind shows that kind misread on
    /// the board; a weak read of that kind may be misread too, so the repaired answer must
    /// stand with those free as well ([`crate::certify::CertifyOptions::repair_guard`]).
    /// Empty for Queens.
    pub weak: Vec<Doubt>,
    /// Lowest confidence of any cell or edge read, 0..=1.
    pub min_confidence: f32,
    /// Cells and edges hidden by something over the board (the mouse pointer): what was read
    /// there is kept, but it is not trusted (free for [`crate::certify`], confidence 0).
    pub occluded: Vec<crate::certify::Element>,
    /// When the capture was tilted: the angle (degrees, positive clockwise) it was turned back
    /// by before reading ([`crate::vision::deskew`]). The grid is then in the coordinates of
    /// the straightened image, which is the one the answer is drawn on.
    pub straightened: Option<f32>,
    /// Tango: the two icons of the board, when both were seen (which one was taken as S).
    pub icons: Option<Icons>,
    /// Tango: the board's grid lines and given shading could not be seen (a capture
    /// brightened until its light greys are white); the board was placed from its pieces and
    /// markers, and every piece was taken as a given.
    pub pieces_as_givens: bool,
    /// Tango: no piece showed a given's shading (every LinkedIn Tango puzzle has givens: a
    /// capture whose contrast or brightness washed the light grey out), the puzzle as read had
    /// several solutions, and with every piece taken as a given it has one
    /// ([`crate::certify::CertifyOptions::pieces_when_unshaded`]); `pieces_as_givens` is set too.
    pub no_given_shading: bool,
    /// Tango, with `pieces_as_givens`: every piece taken as a given left no solution, and the
    /// pieces were sorted into givens and the player's by the only solution the pieces that
    /// agree with it pin ([`crate::certify::CertifyOptions::unshaded_max_wrong`]); the
    /// player's are in `placed`.
    pub pieces_sorted: bool,
    /// Tango: the board's marker glyphs are small (most in the small-glyph model's range,
    /// [`crate::vision::tango::TangoReadOptions::marker_small_px`]): glyphs read surely there
    /// may rest on a learned view alone, so a repair is vouched for as if one override showed
    /// a kind misread ([`crate::certify::CertifyOptions::repair_guard_min`]).
    pub small_glyphs: bool,
    /// A coloured overlay (LinkedIn's red stripes over cells that break a rule) was seen over
    /// a cell or an edge (Tango), or streaked cells (stripes or hatching, Queens).
    pub overlay_seen: bool,
    /// Queens: some streaked cells are reddened (LinkedIn's red rule-break stripes, not the
    /// shimmer's light band or the hint mode's hatching). False for Tango.
    pub red_stripes: bool,
    /// Queens: the red stripes are not seen but taken as there, from crowns as read that
    /// clash ([`crate::vision::queens::regions::RegionOptions::clash_implies_stripes`]):
    /// they explain the clash, not a cell read with doubt. False for Tango.
    pub stripes_unseen: bool,
    /// Queens: the crowns read whose glyph is not the size of the board's other crowns
    /// ([`crate::vision::queens::pieces::PieceOptions::crown_odd_size`]): LinkedIn draws every
    /// crown alike, so something else was read as one (a card's letters, its outline). A
    /// complete board with one is not taken as the answer. Empty for Tango.
    pub odd_crowns: Vec<Pos>,
    /// Queens, with red stripes seen: the streaked cells (stripes over their colour), whose
    /// regions the stripes may have misread ([`crate::certify::CertifyOptions::queens_free_striped`]).
    /// Tango: the cells with a coloured overlay over their background
    /// ([`crate::vision::tango::CellRead::striped`]). Empty otherwise.
    pub striped: Vec<Pos>,
    /// Queens, with red stripes seen: the striped cells whose every line to a cell of another
    /// region as read is thick (judged against the board's lines beside as many striped
    /// cells), so the stripes did not cut them from a neighbour's region. A region as read
    /// wholly under the stripes is trusted only when all its cells are here. Empty otherwise.
    pub striped_walled: Vec<Pos>,
    /// Queens: the cells of regions as read that LinkedIn would not draw, so that a region
    /// was split or two merged: with red stripes seen, a region whose clear cells (not
    /// striped, not under a pointer) differ in colour beyond
    /// [`crate::vision::queens::regions::RegionOptions::mixed_region_delta`] (two regions
    /// merged through the stripes); with no red stripes seen, a region whose cells (not
    /// streaked) hold two flat colours
    /// ([`crate::vision::queens::regions::RegionOptions::two_colours_anywhere`]) or whose
    /// cells side by side have a thick line between them
    /// ([`crate::vision::queens::regions::RegionOptions::thick_inside`]); on any board, two
    /// regions of one colour
    /// ([`crate::vision::queens::regions::RegionOptions::twin_region_delta`]: one region
    /// split). The answer is withheld. Empty otherwise.
    pub misread_regions: Vec<Pos>,
    /// The board runs out of the image at this side; its outer row or column was read
    /// from its visible part, and what the cut can hide there is doubted or free.
    pub cut: Option<Side>,
    /// The learned models' class probabilities for every cell and edge (`None` when the
    /// reader did not compute them).
    pub probabilities: Option<ClassProbabilities>,
}

/// What the learned models (`models/`) make of every cell and of every edge between two
/// 4-adjacent cells of a reading: calibrated class probabilities, reported beside what the
/// reader decided (the hand rules decide where they measured better; models/README.md).
/// Tango cells: `empty sun moon`; Tango edges: `none same opposite` (`=`, `x`). Queens cells:
/// the player's marks, `none cross crown`; Queens edges: `same border` (one region, or two).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClassProbabilities {
    /// The class names of [`cells`](Self::cells), in order.
    pub cell_classes: &'static [&'static str],
    /// Per cell, row-major: one probability per class (empty when the model is missing).
    pub cells: Vec<Vec<f32>>,
    /// The class names of [`edges`](Self::edges), in order.
    pub edge_classes: &'static [&'static str],
    /// Per edge (between two 4-adjacent cells): one probability per class.
    pub edges: Vec<(Edge, Vec<f32>)>,
}

impl ClassProbabilities {
    /// Tango cell classes.
    pub const TANGO_CELLS: &'static [&'static str] = &["empty", "sun", "moon"];
    /// Tango edge classes.
    pub const TANGO_EDGES: &'static [&'static str] = &["none", "same", "opposite"];
    /// Queens cell classes (the player's marks).
    pub const QUEENS_CELLS: &'static [&'static str] = &["none", "cross", "crown"];
    /// Queens edge classes.
    pub const QUEENS_EDGES: &'static [&'static str] = &["same", "border"];
}

/// The two icons of a Tango board as read: LinkedIn's sun and moon, or a themed pair (people,
/// shoes, lamps... on special days), where the warmer-coloured icon is taken as S.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Icons {
    /// Whether the pair is not LinkedIn's sun and moon.
    pub themed: bool,
    /// A cell showing the icon read as S (the most confidently read one).
    pub sun: Pos,
    /// A cell showing the icon read as M.
    pub moon: Pos,
}

impl Reading {
    /// The game read.
    pub fn game(&self) -> Game {
        self.puzzle.game()
    }

    /// Tango: every placed piece becomes a given, and [`Reading::pieces_as_givens`] is set
    /// (a board whose given shading cannot be seen).
    pub fn take_pieces_as_givens(&mut self) {
        if let Puzzle::Tango(t) = &mut self.puzzle {
            for p in self.placed.drain(..) {
                if let Placed::Symbol { pos, symbol } = p {
                    t.set_given(pos, Some(symbol));
                }
            }
        }
        self.pieces_as_givens = true;
    }

    /// Tango: the piece seen on every cell, row-major (its given, or the symbol the player
    /// placed there; `None` on an empty cell). `None` for Queens.
    pub fn tango_pieces(&self) -> Option<Vec<Option<Symbol>>> {
        let Puzzle::Tango(t) = &self.puzzle else {
            return None;
        };
        let mut cells: Vec<Option<Symbol>> = t.positions().map(|p| t.given(p)).collect();
        for p in &self.placed {
            if let Placed::Symbol { pos, symbol } = *p {
                cells[pos.index(t.cols())].get_or_insert(symbol);
            }
        }
        Some(cells)
    }
}

#[cfg(test)]
impl Reading {
    /// Test support: a reading of `puzzle` on a 10-pixel grid at the origin, light theme, min
    /// confidence 0.2.
    pub(crate) fn for_test(puzzle: Puzzle, placed: Vec<Placed>, doubts: Vec<Doubt>) -> Reading {
        let (rows, cols) = puzzle.size();
        Reading {
            puzzle,
            grid: Grid {
                rows,
                cols,
                left: 0.0,
                top: 0.0,
                cell_w: 10.0,
                cell_h: 10.0,
            },
            theme: Theme::Light,
            placed,
            doubts,
            weak: Vec::new(),
            min_confidence: 0.2,
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
}
