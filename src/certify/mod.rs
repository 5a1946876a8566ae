//! Certify stage (after solving): an answer is shown as certain only when no plausible other
//! reading of the image gives a different one.
//!
//! The reader lists what it was unsure of ([`Reading::doubts`]) and what it could not see
//! ([`Reading::occluded`]). Those elements are *free*: each may really be any of its classes
//! (a Tango cell: empty, sun or moon given; a Tango edge: none, `=` or `x`; a Queens cell: its
//! own region or a neighbouring one). Every official LinkedIn puzzle has exactly one solution,
//! so the true puzzle is one of the alternatives with exactly one solution. The stage computes
//! the set of solutions those alternatives give:
//!
//! - one solution, the one the solver found: the answer is **certain**;
//! - several: the answer is **uncertain**: it depends on elements read with doubt, which are
//!   reported with the cells where the alternatives differ;
//! - the read puzzle itself had no or several solutions, and exactly one solution is
//!   reachable: the reading is **repaired** to it (only when few elements change), and every
//!   change is reported.
//!
//! For Tango the set is computed exactly without trying every alternative: visit every solution
//! `Y` of the *relaxed* puzzle (free elements dropped); the strongest alternative consistent
//! with `Y` sets every free element to `Y`'s value, and some alternative gives `Y` as its only
//! solution exactly when that strongest one does (adding clues only removes solutions). Queens
//! alternatives are enumerated, fewest changes first, within a budget.
//!
//! Whenever a budget runs out, the answer is not certified: a reading that cannot be trusted
//! ends as "uncertain", never as a confident answer.

use crate::board::{Doubt, Reading};
use crate::puzzle::{Edge, Marker, Pos, Puzzle, Queens, Solution, Symbol, Tango};
use crate::solve::bitboard::{BitQueens, BitTango, rows_to_solution};
use serde::Serialize;
use std::fmt;

/// Tunables of the certify stage.
#[derive(Clone, Copy, Debug)]
pub struct CertifyOptions {
    /// Run the stage. Default true.
    pub enabled: bool,
    /// Elements listed as doubts with a confidence below this are free. Default 0.5.
    pub free_below: f32,
    /// Most solutions of the relaxed Tango puzzle visited before giving up. Default 50000.
    pub max_relaxed: usize,
    /// Most alternative Queens region maps tried before giving up. Default 20000.
    pub max_queens_maps: usize,
    /// Most free elements a repair may change (reads the pieces across them break, which
    /// cannot be right, not counted); a reading that needs more is left as it was.
    /// 6 answered two more cut boards of the perturbation suite, and also repaired a solved
    /// board under the shimmer with rule-break stripes seen by adding five pieces and markers
    /// where the band washed them out: too much resting on what was not seen. Default 3.
    pub max_repair_changes: usize,
    /// A reading whose puzzle has several solutions is missing a clue: it is repaired only by
    /// adding clues where nothing was read (a doubted empty cell or edge: a marker lost under a
    /// pointer, a cell beyond a cut; or an element under the pointer, whatever its body read
    /// as there), never by changing what was read, unless the read is a marker the pieces
    /// across it break ([`Change::broken_by_pieces`]). The clue missing may
    /// be one lost without a doubt, which no repair brings back; then the one reading of the
    /// doubted elements with a single solution is a wrong one (stripes-over 15176: a doubted
    /// `x` turned into `=`). Default true.
    pub several_adds_only: bool,
    /// Alternative solutions kept for the report. Default 3.
    pub max_alternatives: usize,
    /// Most placed pieces a repaired solution may call wrong. A repair that adds a clue relies
    /// on every element read with confidence being right; pieces the player placed that
    /// disagree with the repaired solution say one was not (a marker lost under a bright band
    /// leaves the puzzle with several solutions, and a doubted edge "repaired" into a marker
    /// then picks the wrong one). The pieces only veto a repair, they never make one.
    /// Default 0.
    pub max_repair_wrong_pieces: usize,
    /// Whether a piece on an occluded cell (under the pointer) counts against a repair (see
    /// `max_repair_wrong_pieces`): the pointer's dark outline over an empty cell can read as a
    /// piece (pointer-hand 6800219: a hand over an empty cell read as a moon at 0.14; the only
    /// reading with one solution, an `x` half under the hand, was refused for calling that
    /// "moon" wrong). Default false.
    pub occluded_pieces_veto: bool,
    /// Tango: a reading with no given at all (every LinkedIn Tango puzzle has some: their
    /// light grey was washed out, by raised contrast or brightness) whose puzzle has several
    /// solutions, read without a doubt, is solved again with every piece taken as a given; a
    /// unique solution then is the answer. The true givens are among the pieces, so when the
    /// pieces and markers are read right the true solution agrees with them all, or, when a
    /// piece is the player's mistake, no solution does. Default true.
    pub pieces_when_unshaded: bool,
    /// ... also when edges (never cells) were read with doubt or hidden by a pointer: the
    /// pieces are then taken as givens with those edges free, and when a free edge is not
    /// between two pieces, whether each piece is a given is free too ([`free_elements`]), so
    /// the answer stands only if every such reading agrees (a capture brightened 10%: its
    /// given grey clipped to white, its pointer over an edge). Default true.
    pub unshaded_edge_doubts: bool,
    /// Tango, given shading lost (every piece taken as a given, by
    /// [`pieces_when_unshaded`](Self::pieces_when_unshaded) or because the board was placed
    /// from its icons) and no solution then: a piece is the player's mistake. Every piece is
    /// then let be a given or the player's, and when exactly one solution X of the markers
    /// and rules is pinned by the pieces that agree with it, X is the answer and the pieces
    /// that disagree are the player's (called wrong). The true givens are among the pieces and
    /// pin the true solution, so it always passes that test: a second one passing leaves the
    /// outcome as it was. At most `unshaded_max_wrong` pieces may be called wrong (0: off).
    /// Default 2.
    pub unshaded_max_wrong: usize,
    /// Queens: when the player's crowns as read break a rule (two in a line, or touching)
    /// with no rule-break stripes seen, which LinkedIn never shows, an answer calling more
    /// than this many of the pieces wrong is not shown: the overlay that misread the pieces
    /// (hint-mode hatching, a veil) may have misread regions too, and stripes not seen may
    /// hide a region (stripes-over 35279: two crowns called wrong, a one-cell region merged
    /// under dark stripes; stripes-over 7000135: one crown called wrong, translucent stripes
    /// over a pale row not seen, a one-cell region under them merged into its neighbour).
    /// Default 0 (a clash always calls one crown wrong: every such answer with something
    /// read with doubt is withheld).
    pub clash_max_wrong_pieces: usize,
    /// Queens under stripes or hatching: whether x marks the answer calls wrong (not only
    /// crowns) withhold it. Hatching lines through an empty cell's centre read as x marks, so
    /// such disagreements say little about the regions. Default false.
    pub overlay_crosses_withhold: bool,
    /// Queens: a repair is refused when more than this many doubted cells touch one another
    /// (4-neighbours, chained). A repair lets each doubted cell take its own region or a
    /// neighbour's; a block of doubted cells may be a whole region misread (merged into a
    /// neighbour under rule-break stripes), which no such change brings back. Default 2.
    pub max_queens_repair_cluster: usize,
    /// Queens under stripes or hatching (`Reading::overlay_seen`): whether a reading with no
    /// or several solutions may be repaired. Stripes can hide a one-cell region (merged into
    /// a neighbour with confidence) while a doubted cell elsewhere splits another; a repair
    /// of the doubted cells then reaches a unique puzzle that is not the board's
    /// (stripes-over 33015: the one-cell region lost, the repair moved a cell of the split
    /// region). Default false.
    pub queens_overlay_repair: bool,
    /// Queens: stripes seen (`Reading::overlay_seen`) with none of the player's crowns as
    /// read breaking a rule withhold the answer: LinkedIn stripes only crowns in conflict, so
    /// what was taken for stripes, or the crowns under them, is misread, and a region under
    /// them may be too (stripes 36024). Default true.
    pub queens_stripes_need_clash: bool,
    /// Queens under red rule-break stripes: an answer calling the player's crowns wrong is
    /// shown (the overlay rule above withholds it otherwise) when it calls at most this many
    /// wrong and the striped cells' certification vouches for it (`queens_free_striped`).
    /// LinkedIn stripes a line because two crowns clash there, and every answer drops one of
    /// each such pair; but which one it drops depends on the regions of the striped cells,
    /// which the stripes' colour may have misread (stripes-over 2100591: a purple cell under
    /// the stripes read pink with confidence 0.91, the answer dropped the clash's other crown;
    /// until then a clash that explained each crown called wrong was enough, which answered 8
    /// more `stripes` and `stripes-over` renders of 4,600). 0: every such answer withheld.
    /// Default 3: 2 until the striped cells' walls (`queens_striped_walls`); with them, 3
    /// answered 15 more `stripes` and 129 more `stripes-over` renders of 6,000 each (1,500
    /// from 5, 7, 9 and 13 million), 0 wrong, and stripes-over 5001236 (six called wrong)
    /// stays withheld.
    pub stripes_explained_wrong: usize,
    /// ... counting, besides the crowns, the player's x marks the answer calls wrong on
    /// cells clear of the stripes (an x the player set surely where the answer puts a crown,
    /// away from what the stripes may have misread: stripes-over 7300125, a column of
    /// yellow-green cells under red stripes read as the peach region beside it, the answer
    /// calling three crowns and two clear x marks wrong). False: crowns only. Default true.
    pub stripes_count_clear_crosses: bool,
    /// Queens under red rule-break stripes: an answer calling at most `stripes_explained_wrong`
    /// of the player's crowns wrong, which the rule above withholds, is shown when it stays the only solution reachable with every
    /// striped cell ([`Reading::striped`]) free as well, each its own region or a 4-neighbour's
    /// (the stripes' colour pulls a cell towards a neighbour's, or hides the line between
    /// them). The search is bounded by `max_queens_maps`; a budget run out withholds. Default
    /// true.
    pub queens_free_striped: bool,
    /// Queens: a free striped cell may also take the region of any cell beside the run of free
    /// striped cells it lies in (4-neighbours, chained), not only a neighbour's: a striped line read wholly
    /// as the region at one end of it has its cells' true region beside the run, not beside
    /// each of them (combo-captured 31000526: a striped column read as the orange region
    /// above it; its top cells could take only orange, and the answer stood). Default true.
    pub queens_free_run_regions: bool,
    /// Queens under red stripes, with `queens_free_striped`: a striped cell whose every line
    /// to a cell of another region as read is thick ([`Reading::striped_walled`]) keeps its
    /// region (LinkedIn draws a thick line between two regions, so it cannot take a
    /// neighbour's across one), and a region as read wholly under the stripes is trusted when
    /// all its cells are walled so (else the stripes guard stands: it may be the stripes'
    /// colour read as a region). False: every striped cell free, every such region guarded.
    /// Default true.
    pub queens_striped_walls: bool,
    /// Queens: the player's complete board (a crown in every row and column, none touching,
    /// none under a pointer, no red stripes seen) is the answer even when the regions as read
    /// give no solution or another one: every board LinkedIn shows without stripes keeps the
    /// region rule (it stripes a region holding two crowns), and the puzzle has one solution.
    /// The win shimmer over a solved board is where regions are misread most. Default true.
    pub queens_board_over_regions: bool,
    /// Tango: the player's complete board (every cell's symbol read surely, every line
    /// balanced with no three alike, nothing over the board, no stripes seen, not cut) is the
    /// answer even when it breaks markers as read, up to `board_over_markers` of them
    /// besides those read with doubt:
    /// LinkedIn stripes a broken marker, so those markers were misread (`=` and `x` blurred
    /// alike), not the board. 0: off (such an answer is withheld as uncertain). Default 2.
    pub board_over_markers: usize,
    /// Queens: an answer that calls one of the player's crowns wrong on a cell whose region
    /// was read with doubt (under `free_below`) is withheld: the crown is evidence that the
    /// cell's region was misread, as a region the reading lost (hint-mode 39268). The crown
    /// never changes the puzzle; it only takes the certainty away. Under red stripes, where
    /// the crowns of a clash lie on striped cells read with doubt, the answer is shown when
    /// the striped cells' certification vouches for it (`queens_free_striped`). Default true.
    pub queens_doubted_crown_withholds: bool,
    /// A repair shows that some reads were wrong, and misreads come together (one kind of
    /// glyph too small or blurred to tell, read as the other kind all over the board): when
    /// a repair overrides glyphs read as one kind (at least `repair_guard_min` of them), the
    /// repaired answer is shown only when it still is the only one reachable with the weak
    /// reads ([`Reading::weak`]) of that kind free as well; otherwise it is uncertain
    /// (scale-0.35x 44056: four `x` read `=`, one at 0.67; the repair of the three doubted
    /// ones gave a wrong answer). Cells filled in beyond a cut or under a pointer are no
    /// misread and do not count. Default true.
    pub repair_guard: bool,
    /// ... when the repair overrides at least this many glyphs read as one kind (one
    /// overridden glyph is an error of its own, several of one kind a kind misread all over
    /// the board): `[0]` on other boards, `[1]` on a board of small glyphs
    /// ([`Reading::small_glyphs`]), where a glyph read surely may rest on a learned view
    /// alone (scale-0.35x 1502797: the renderer's 3-pixel `x` read `=` at 0.8 by the glyph
    /// model; a repair dropping one doubted `=` then reached a wrong unique puzzle). On the
    /// real captures `[2, 1]` cost an answer at 0.5x, `[1, 1]` one more under blur. One
    /// override on other boards too (realhunt 694534: at 0.68x under JPEG 35 an `=` read `x`
    /// at 0.53 left no solution, and the repair dropped a real `x` read at 0.17; with the weak
    /// `x` free as well, the true puzzle is reachable). Default `[1, 1]`.
    pub repair_guard_min: [usize; 2],
    /// Tango: a free edge between two pieces read surely (givens or the player's), on a
    /// board with no rule-break stripes seen, is the marker of the pieces' relation or none,
    /// never the other kind ([`Free::shown`]): LinkedIn stripes the cells of a marker the
    /// pieces on them break. Across the 315 labelled markers of ../shared/realshots with
    /// pieces on both sides, at least one placed by the player, none was broken. Pieces that
    /// break a rule the reader sees without doubt (three alike, a sure marker) show stripes
    /// were missed: then they bind nothing. Default true.
    pub pieces_bound_markers: bool,
    /// Tango: a certain answer is checked once more with every marker read without doubt
    /// between two pieces read surely that break it, on cells with no coloured overlay seen,
    /// free: LinkedIn stripes the cells of a marker their pieces break, so the marker or a
    /// piece was misread, or the stripes missed. A reading of those markers whose unique
    /// solution calls fewer of the player's pieces wrong than the answer does makes the
    /// answer uncertain: the player's pieces favour it (scale-0.35x 6100293: at 0.35x a
    /// 3-pixel `x` drawn like an `=`, read `=` at 0.997 between the player's sun and moon on
    /// a full board; the puzzle as read had one solution, which called 20 of the 35 pieces
    /// wrong, the true one none). A player's wrong piece across a marker calls no fewer
    /// wrong on the other reading. Not on a board whose given shading was washed out (its
    /// pieces taken as givens). Default true.
    pub broken_marker_free: bool,
    /// Queens: a region of at least this many cells, every one read with doubt (under
    /// `free_below`), withholds the answer: it may be no region at all (a pointer the
    /// reader did not see, an overlay), and a true region lost into its neighbours; the
    /// alternatives certify tries (each free cell its own region or a neighbour's) cannot
    /// bring a lost region back (combo 7600352: a small hand pointer's white body over two
    /// cells of a 10x10 board read as a region of its own, the true teal region merged into
    /// its purple neighbour; the puzzle as read had one solution, a wrong one). A region of
    /// one such cell is left to the one-cell guards. `None`: off. Default `Some(2)`.
    pub queens_doubted_region_min: Option<usize>,
    /// Queens: a region of one cell read with a confidence under this withholds the answer:
    /// the reader did not see that cell (a line beside it not seen, a colour off every
    /// region's, a pointer's colour: each sets 0), so it may be no region and a true region
    /// lost into its neighbours, which no choice of the free cells brings back (combo
    /// 51000009: a hand pointer the reader did not find on a 165-pixel dark capture, its
    /// white glove read as a region of one cell, the purple and pink regions beside it read
    /// as one; the puzzle as read had one solution, a wrong one). Regions of one cell read
    /// with a doubt of their colour (0.29 to 0.49 under the hint mode's shading) are left to
    /// the one-cell guards: any doubt cost `hint-mode` 12 of 800 answers. `None`: off.
    /// Default `Some(0.05)`.
    pub queens_unseen_singleton_below: Option<f32>,
    /// Queens, red stripes not seen but taken as there from crowns as read that clash
    /// ([`crate::board::Reading::stripes_unseen`]): a crown the answer calls wrong on a cell
    /// read with a confidence under this withholds the answer, as it does with no stripes
    /// (`queens_doubted_crown_withholds`), however the striped cells' regions are chosen.
    /// Stripes the reader cannot see do not hide a cell's lines; a cell not seen has something
    /// else over it, which may be what was read as the clash's crowns (realhunt 619451: a
    /// card's text read as two crowns side by side, a cell under the card read as the grey
    /// region beside it, a wrong answer; realhunt 931052: the same at 0.3x, the cell under
    /// the card read at 0.13). Any doubt (translucent stripes leave crowned cells at 0.29 to
    /// 0.49) cost stripes-over 12 of 800; a bound under that range costs none of them.
    /// `None`: off. Default `Some(0.2)`.
    pub queens_unseen_stripes_crown_below: Option<f32>,
    /// Queens, no red rule-break stripes seen: a region as read holding at least this many cells
    /// read with doubt (under `free_below`) that touch one another, beside cells read surely,
    /// withholds the answer: the group may be a true region merged into it, which the
    /// alternatives certify tries (each free cell its own region or a neighbour's) cannot
    /// bring back (combo-captured 14200474: a dark phone capture in hint mode at 11 px cells,
    /// three cells of a four-cell region read with doubt as the region above, one surely; the
    /// puzzle as read had one solution, a wrong one). Under red stripes whole lines are
    /// doubted (with them too, 189 answers of 14,400 were withheld), and the stripe guards
    /// decide. Cost on the stress set (800 renders a row, 6800000): 9 of 14,400 answers
    /// withheld, none on the real captures or their perturbations. `None`: off. Default
    /// `Some(2)`.
    pub queens_doubted_group_min: Option<usize>,
    /// Tango: LinkedIn stripes the cells of pieces that break a rule (two at least); stripes
    /// seen over two cells or more, all read empty, hide pieces the reader did not see (icons
    /// in the stripes' own colour), a given among them perhaps: a reading with several
    /// solutions is then not repaired by adding clues, the clue missing may be that given (combo 8400373: a themed board of red
    /// squares, three under red stripes read as empty cells, one of them a given; the repair
    /// added two markers where none are, a wrong answer). Default true.
    pub tango_empty_stripes_no_repair: bool,
    /// Tango: an answer calling more than this share of the player's pieces wrong (six at
    /// least) is withheld: a player's pieces are mostly right, and a board whose pieces are
    /// mostly the answer's opposite has its givens' kinds named apart from its pieces'
    /// (combo 8800015: a themed board of green diamonds and teal discs, cut at the top, under
    /// the win shimmer; a given lit by the band named apart from the pieces of its kind, the
    /// answer calling 58 of the 61 pieces wrong). `None`: off. Default `Some(0.75)`.
    pub tango_most_pieces_wrong: Option<f32>,
    /// Tango: an answer that calls pieces wrong is withheld when at least this many rows and
    /// columns of pieces read surely (givens and the player's; none doubted, none occluded)
    /// break a rule (more than half of the line one kind, or three alike side by side) with
    /// none of their cells under stripes: LinkedIn stripes such lines, and lines broken all
    /// over the board are the icons' kinds misread (combo 51800093: a small themed board of
    /// red squares and orange discs read as one kind, its givens named alike, 8 lines
    /// broken; a unique wrong answer). A player's wrong pieces on a brightened capture break
    /// a line or two whose stripes the brightening washed out: any one line cost
    /// `brighter-wrong` 173 of 800 answers. `None`: off. Default `Some(4)`.
    pub tango_unstriped_broken_lines: Option<usize>,
}

impl Default for CertifyOptions {
    fn default() -> Self {
        CertifyOptions {
            enabled: true,
            free_below: 0.5,
            queens_doubted_region_min: Some(2),
            queens_unseen_singleton_below: Some(0.05),
            queens_unseen_stripes_crown_below: Some(0.2),
            queens_doubted_group_min: Some(2),
            tango_empty_stripes_no_repair: true,
            tango_most_pieces_wrong: Some(0.75),
            tango_unstriped_broken_lines: Some(4),
            max_relaxed: 50_000,
            max_queens_maps: 20_000,
            queens_free_run_regions: true,
            clash_max_wrong_pieces: 0,
            overlay_crosses_withhold: false,
            max_repair_changes: 3,
            several_adds_only: true,
            max_alternatives: 3,
            max_repair_wrong_pieces: 0,
            occluded_pieces_veto: false,
            pieces_when_unshaded: true,
            unshaded_edge_doubts: true,
            unshaded_max_wrong: 2,
            max_queens_repair_cluster: 2,
            queens_overlay_repair: false,
            queens_stripes_need_clash: true,
            stripes_explained_wrong: 3,
            stripes_count_clear_crosses: true,
            queens_free_striped: true,
            queens_striped_walls: true,
            queens_board_over_regions: true,
            board_over_markers: 2,
            queens_doubted_crown_withholds: true,
            repair_guard: true,
            repair_guard_min: [1, 1],
            pieces_bound_markers: true,
            broken_marker_free: true,
        }
    }
}

/// A puzzle element the reader can get wrong: a cell or (Tango) an edge between two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Element {
    /// A cell: a Tango given, or a Queens cell's region.
    Cell {
        /// Where.
        pos: Pos,
    },
    /// A Tango edge: its marker.
    Edge {
        /// Which edge.
        edge: Edge,
    },
}

impl fmt::Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Element::Cell { pos } => write!(f, "{pos}"),
            Element::Edge { edge } => write!(f, "{edge}"),
        }
    }
}

/// The value of an element in a puzzle, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "value")]
pub enum Value {
    /// A Tango cell without a given.
    Empty,
    /// A Tango given.
    Given(Symbol),
    /// A Tango edge without a marker.
    NoMarker,
    /// A Tango marker.
    Marker(Marker),
    /// A Queens cell's region (0-based, canonical lettering: 0 = `A`).
    Region(usize),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Empty => f.write_str("empty"),
            Value::Given(s) => write!(f, "{}", s.letter()),
            Value::NoMarker => f.write_str("no marker"),
            Value::Marker(m) => write!(f, "{}", m.glyph()),
            Value::Region(r) => write!(f, "region {}", Queens::letter(*r)),
        }
    }
}

/// An element the stage let vary.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Free {
    /// Which element.
    pub element: Element,
    /// What was read there.
    pub read: Value,
    /// Confidence of the read, 0..=1 (0 for an occluded element).
    pub confidence: f32,
    /// Tango cell: the symbol surely seen there when only whether it is a given is in doubt;
    /// the cell is then that given or empty, never the other symbol's given.
    pub seen: Option<Symbol>,
    /// Tango edge: the relation of the two pieces surely seen on its cells (`=` for two alike)
    /// when no rule-break stripes are seen: LinkedIn stripes a marker the pieces on its cells
    /// break, so the edge is that marker or none, never the other
    /// ([`CertifyOptions::pieces_bound_markers`]).
    pub shown: Option<Marker>,
}

/// One element a repair changed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Change {
    /// Which element.
    pub element: Element,
    /// What was read.
    pub read: Value,
    /// What the repaired puzzle has.
    pub now: Value,
    /// Confidence of the read, 0..=1.
    pub confidence: f32,
    /// The read was a marker the pieces surely seen across its edge break, with no stripes
    /// seen ([`Free::shown`]): it cannot be the board's.
    pub broken_by_pieces: bool,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: read {} ({:.2}), taken as {}",
            self.element, self.read, self.confidence, self.now
        )
    }
}

/// What the stage concluded about an answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Certificate {
    /// Nothing was free, or every alternative with one solution gives the same answer.
    Certain {
        /// The elements that were let vary.
        free: Vec<Free>,
    },
    /// Alternatives with exactly one solution give different answers: the answer depends on
    /// elements read with doubt.
    Uncertain {
        /// Other solutions reachable by a plausible reading (at most
        /// [`CertifyOptions::max_alternatives`]).
        alternatives: Vec<Solution>,
        /// Cells where they differ from the answer (or from each other, without an answer).
        differ: Vec<Pos>,
        /// The free elements that decide between them: look at these.
        deciding: Vec<Element>,
        /// Why, in words.
        reason: String,
    },
    /// The puzzle as read had no or several solutions; exactly one solution is reachable and
    /// the reading was changed to give it.
    Repaired {
        /// The repaired puzzle.
        puzzle: Puzzle,
        /// Its unique solution.
        solution: Solution,
        /// What changed.
        changes: Vec<Change>,
    },
    /// Tango: doubted elements decide between readings, but the player's board is complete
    /// (every cell holds a piece whose symbol was read surely), it is the puzzle's unique
    /// solution as read, nothing hides any of it and no rule-break stripes are on the board.
    /// Whatever the doubted elements truly are, that board is then the answer: it holds every
    /// true given, and a true marker it broke would be marked by LinkedIn's stripes. The same
    /// holds when the puzzle as read has several solutions (a marker lost under the win
    /// shimmer) and the board is one of them (`several`). Queens: a crown in every row and
    /// column, none touching, nothing over the board and no red stripes seen is the answer
    /// even when the regions as read give no solution or another one (`regions_misread`):
    /// LinkedIn stripes a region that holds two crowns, so the regions were misread, not the
    /// board ([`CertifyOptions::queens_board_over_regions`]). Tango likewise: a complete board
    /// keeping every line rule with no stripes seen is the answer even when it breaks a few
    /// markers as read ([`CertifyOptions::board_over_markers`]; `regions_misread` too).
    Completed {
        /// The doubted elements that were let vary.
        free: Vec<Free>,
        /// The puzzle as read had several solutions; the board is one of them.
        several: bool,
        /// The puzzle as read (Queens: its regions; Tango: its markers) does not give the
        /// board (no solution, another one, or several without it); the board stands for the
        /// answer.
        regions_misread: bool,
    },
    /// The puzzle as read had no or several solutions and nothing could be repaired.
    Unrepaired {
        /// The free elements (suspects), least confident first.
        suspects: Vec<Free>,
        /// Why, in words.
        reason: String,
    },
}

impl Certificate {
    /// A short lower-case name.
    pub fn name(&self) -> &'static str {
        match self {
            Certificate::Certain { .. } => "certain",
            Certificate::Uncertain { .. } => "uncertain",
            Certificate::Repaired { .. } => "repaired",
            Certificate::Completed { .. } => "completed",
            Certificate::Unrepaired { .. } => "unrepaired",
        }
    }
}

/// The solutions reachable by alternative readings of the free elements that have exactly one
/// solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Reachable {
    /// The free elements, least confident first.
    pub free: Vec<Free>,
    /// Distinct reachable solutions (each with the alternative puzzle that gives it), in the
    /// order found; the search stops once `limit` are known.
    pub solutions: Vec<(Puzzle, Solution)>,
    /// Every alternative was considered (no budget ran out, no early stop).
    pub complete: bool,
}

/// The free elements of a reading: its doubts below [`CertifyOptions::free_below`] and its
/// occluded elements.
pub fn free_elements(reading: &Reading, opts: &CertifyOptions) -> Vec<Free> {
    let mut out: Vec<Free> = Vec::new();
    let push = |out: &mut Vec<Free>, element: Element, confidence: f32, seen: Option<Symbol>| {
        if let Some(f) = out.iter_mut().find(|f| f.element == element) {
            f.confidence = f.confidence.min(confidence);
            if f.seen != seen {
                f.seen = None;
            }
        } else {
            out.push(Free {
                element,
                read: value_of(&reading.puzzle, element),
                confidence,
                seen,
                shown: None,
            });
        }
    };
    for d in &reading.doubts {
        match *d {
            Doubt::Cell {
                pos,
                confidence,
                given_only,
            } if confidence < opts.free_below => {
                let seen = if given_only {
                    seen_symbol(reading, pos)
                } else {
                    None
                };
                push(&mut out, Element::Cell { pos }, confidence, seen)
            }
            Doubt::Edge { edge, confidence } if confidence < opts.free_below => {
                if matches!(reading.puzzle, Puzzle::Tango(_)) {
                    push(&mut out, Element::Edge { edge }, confidence, None)
                }
            }
            _ => {}
        }
    }
    for &element in &reading.occluded {
        if matches!(element, Element::Cell { .. }) || matches!(reading.puzzle, Puzzle::Tango(_)) {
            push(&mut out, element, 0.0, None);
        }
    }
    // Every piece taken as a given (given shading lost): that is safe only with every marker
    // read, since the true givens and markers pin the true solution and a player's wrong piece
    // then leaves none. With a marker free, a wrong piece taken as a given may pin another
    // solution, so whether each piece is a given is free too, unless every free edge lies
    // between two pieces with no stripes seen: a solution agreeing with every piece then keeps
    // the true marker there too (LinkedIn stripes pieces that break one), so it is the one.
    let unbound_edge = |f: &Free| match f.element {
        Element::Edge { edge } => {
            let (a, b) = edge.cells();
            reading.overlay_seen
                || seen_symbol(reading, a).is_none()
                || seen_symbol(reading, b).is_none()
        }
        Element::Cell { .. } => false,
    };
    if let Puzzle::Tango(t) = &reading.puzzle
        && reading.pieces_as_givens
        && out.iter().any(unbound_edge)
    {
        for (pos, symbol) in t.givens() {
            push(&mut out, Element::Cell { pos }, 0.5, Some(symbol));
        }
    }
    if let Some(pieces) = opts
        .pieces_bound_markers
        .then(|| binding_pieces(reading))
        .flatten()
    {
        let cols = reading.puzzle.size().1;
        for f in &mut out {
            if let Element::Edge { edge } = f.element {
                let (a, b) = edge.cells();
                f.shown = match (pieces[a.index(cols)], pieces[b.index(cols)]) {
                    (Some(x), Some(y)) if x == y => Some(Marker::Same),
                    (Some(_), Some(_)) => Some(Marker::Opposite),
                    _ => None,
                };
            }
        }
    }
    out.sort_by(|a, b| {
        a.confidence
            .total_cmp(&b.confidence)
            .then(a.element.cmp(&b.element))
    });
    out
}

/// The Tango pieces that bind the free markers between them ([`Free::shown`]): every cell's
/// piece read surely (no doubt on it but whether it is a given, not under the pointer),
/// row-major. `None` when nothing binds: stripes were seen, the board was placed from its
/// icons, or the pieces seen break a rule that needs no doubted read to see (three alike in a
/// line, more than half of a line one symbol, a marker read without doubt between two pieces
/// that break it): LinkedIn stripes such a board, so its stripes were missed.
fn binding_pieces(reading: &Reading) -> Option<Vec<Option<Symbol>>> {
    let Puzzle::Tango(t) = &reading.puzzle else {
        return None;
    };
    if reading.overlay_seen || reading.pieces_as_givens {
        return None;
    }
    let mut pieces = reading.tango_pieces()?;
    let cols = t.cols();
    if crate::rules::tango_partial_violation(t.rows(), cols, &pieces).is_some() {
        return None;
    }
    let doubted = |edge: Edge| {
        reading
            .doubts
            .iter()
            .any(|d| matches!(*d, Doubt::Edge { edge: e, .. } if e == edge))
            || reading.occluded.contains(&Element::Edge { edge })
    };
    let broken = t.edges().any(|edge| {
        let (a, b) = edge.cells();
        match (t.marker(edge), pieces[a.index(cols)], pieces[b.index(cols)]) {
            (Some(m), Some(x), Some(y)) if !doubted(edge) => (m == Marker::Same) != (x == y),
            _ => false,
        }
    });
    if broken {
        return None;
    }
    for d in reading.doubts.iter().chain(&reading.weak) {
        if let Doubt::Cell {
            pos,
            given_only: false,
            ..
        } = *d
        {
            pieces[pos.index(cols)] = None;
        }
    }
    for e in &reading.occluded {
        if let Element::Cell { pos } = *e {
            pieces[pos.index(cols)] = None;
        }
    }
    Some(pieces)
}

/// Tango: the markers read between two pieces read surely (no doubt on either but whether
/// it is a given, neither under a pointer) that break them, on cells with no coloured overlay
/// seen, the given shading not washed out ([`CertifyOptions::broken_marker_free`]).
fn broken_unstriped_markers(reading: &Reading) -> Vec<Edge> {
    let Puzzle::Tango(t) = &reading.puzzle else {
        return Vec::new();
    };
    if reading.pieces_as_givens || reading.no_given_shading {
        return Vec::new();
    }
    let sure = |pos: Pos| {
        let doubted = reading
            .doubts
            .iter()
            .chain(&reading.weak)
            .any(|d| matches!(*d, Doubt::Cell { pos: p, given_only: false, .. } if p == pos));
        (!doubted
            && !reading.striped.contains(&pos)
            && !reading.occluded.contains(&Element::Cell { pos }))
        .then(|| seen_symbol(reading, pos))
        .flatten()
    };
    t.edges()
        .filter(|&edge| {
            let (a, b) = edge.cells();
            match (t.marker(edge), sure(a), sure(b)) {
                (Some(m), Some(x), Some(y)) => (m == Marker::Same) != (x == y),
                _ => false,
            }
        })
        .collect()
}

/// The Tango symbol shown on a cell: its given, or a piece the player placed there.
fn seen_symbol(reading: &Reading, pos: Pos) -> Option<Symbol> {
    let Puzzle::Tango(t) = &reading.puzzle else {
        return None;
    };
    t.given(pos).or_else(|| {
        reading.placed.iter().find_map(|p| match *p {
            crate::board::Placed::Symbol { pos: q, symbol } if q == pos => Some(symbol),
            _ => None,
        })
    })
}

/// The value of an element in a puzzle.
pub fn value_of(p: &Puzzle, e: Element) -> Value {
    match (p, e) {
        (Puzzle::Tango(t), Element::Cell { pos }) => {
            t.given(pos).map_or(Value::Empty, Value::Given)
        }
        (Puzzle::Tango(t), Element::Edge { edge }) => {
            t.marker(edge).map_or(Value::NoMarker, Value::Marker)
        }
        (Puzzle::Queens(q), Element::Cell { pos }) => Value::Region(q.region(pos)),
        (Puzzle::Queens(_), Element::Edge { .. }) => Value::NoMarker,
    }
}

/// Every solution reachable from `reading` by changing free elements, stopping once `limit`
/// distinct ones are known.
pub fn reachable(reading: &Reading, opts: &CertifyOptions, limit: usize) -> Reachable {
    let free = free_elements(reading, opts);
    let (solutions, complete) = match &reading.puzzle {
        Puzzle::Tango(t) => tango_reachable(t, &free, opts.max_relaxed, limit),
        Puzzle::Queens(q) => queens_reachable(
            q,
            &free,
            opts.max_queens_maps,
            limit,
            if opts.queens_free_run_regions {
                &reading.striped
            } else {
                &[]
            },
        ),
    };
    Reachable {
        free,
        solutions,
        complete,
    }
}

/// Certifies the unique answer `answer` of the puzzle as read.
pub fn certify_unique(reading: &Reading, answer: &Solution, opts: &CertifyOptions) -> Certificate {
    if !opts.enabled {
        return Certificate::Certain { free: Vec::new() };
    }
    let mut r = reachable(reading, opts, opts.max_alternatives + 1);
    let mut others: Vec<Solution> = r
        .solutions
        .iter()
        .map(|(_, s)| s.clone())
        .filter(|s| s != answer)
        .take(opts.max_alternatives)
        .collect();
    if others.is_empty() && r.complete {
        let broken = if opts.broken_marker_free {
            broken_unstriped_markers(reading)
        } else {
            Vec::new()
        };
        if broken.is_empty() {
            return Certificate::Certain { free: r.free };
        }
        // The sure markers the pieces break free too: a reading of them whose solution calls
        // fewer of the player's pieces wrong than the answer does competes with it.
        let mut wider = reading.clone();
        wider
            .doubts
            .extend(broken.into_iter().map(|edge| Doubt::Edge {
                edge,
                confidence: 0.0,
            }));
        let w = reachable(&wider, opts, opts.max_alternatives + 1);
        let wrong = |s: &Solution| crate::answer::wrong_pieces(&reading.placed, s).len();
        let bar = wrong(answer);
        others = w
            .solutions
            .iter()
            .map(|(_, s)| s.clone())
            .filter(|s| s != answer && wrong(s) < bar)
            .take(opts.max_alternatives)
            .collect();
        if others.is_empty() {
            return Certificate::Certain { free: r.free };
        }
        r = w;
    }
    let reason = if others.is_empty() {
        format!(
            "{} elements read with doubt allow too many readings to check them all",
            r.free.len()
        )
    } else {
        format!(
            "another reading of {} gives a different unique solution",
            list(&deciding(&r.free, answer, &others))
        )
    };
    let differ = union_diff(answer, &others);
    let deciding = if others.is_empty() {
        r.free.iter().map(|f| f.element).collect()
    } else {
        deciding(&r.free, answer, &others)
    };
    Certificate::Uncertain {
        alternatives: others,
        differ,
        deciding,
        reason,
    }
}

/// Tries to repair a reading whose puzzle has no or several solutions (see the module docs).
pub fn repair(reading: &Reading, opts: &CertifyOptions) -> Certificate {
    let r = reachable(reading, opts, 2);
    let unrepaired = |reason: String| Certificate::Unrepaired {
        suspects: r.free.clone(),
        reason,
    };
    if !opts.enabled {
        return unrepaired("repair is off".into());
    }
    if r.free.is_empty() {
        return unrepaired("nothing was read with doubt".into());
    }
    if !r.complete && r.solutions.len() < 2 {
        return unrepaired("too many elements read with doubt to check every reading".into());
    }
    if opts.tango_empty_stripes_no_repair && stripes_over_empty_cells(reading) {
        return unrepaired(
            "stripes lie over cells read empty: pieces under them were not seen, and a clue \
             a repair would add may be wrong"
                .into(),
        );
    }
    match r.solutions.as_slice() {
        [] => unrepaired("no reading of the doubted elements has exactly one solution".into()),
        [(alt, y)] => {
            let Some((puzzle, changes)) = smallest_change(reading, &r.free, alt, y) else {
                return unrepaired("the repair would change too much".into());
            };
            // A read the pieces across it break is no guess: it does not count.
            let guessed = changes.iter().filter(|c| !c.broken_by_pieces).count();
            if guessed > opts.max_repair_changes {
                return unrepaired(format!(
                    "the only reading with one solution changes {} elements",
                    changes.len()
                ));
            }
            if let Some(c) = opts
                .repair_guard
                .then(|| guard_repair(reading, y, &changes, opts))
                .flatten()
            {
                return c;
            }
            Certificate::Repaired {
                puzzle,
                solution: y.clone(),
                changes,
            }
        }
        [(_, a), (_, b), ..] => Certificate::Uncertain {
            differ: a.diff(b),
            deciding: deciding(&r.free, a, std::slice::from_ref(b)),
            alternatives: vec![a.clone(), b.clone()],
            reason: "readings of the doubted elements give different unique solutions".into(),
        },
    }
}

/// Tango: whether stripes were seen over two cells at least ([`Reading::striped`]) and every
/// striped cell was read with no piece (see [`CertifyOptions::tango_empty_stripes_no_repair`]).
fn stripes_over_empty_cells(reading: &Reading) -> bool {
    let Some(pieces) = reading.tango_pieces() else {
        return false;
    };
    let cols = reading.grid.cols;
    // LinkedIn's stripes mark a rule broken by two pieces at least; one cell under a coloured
    // overlay is something else (a recording's click ring over an empty cell: tango-494).
    reading.striped.len() >= 2
        && reading
            .striped
            .iter()
            .all(|p| pieces.get(p.index(cols)).is_some_and(Option::is_none))
}

/// [`CertifyOptions::repair_guard`]: `None` when `repaired` is still the only solution
/// reachable with the weak reads of the markers it overrode free too; otherwise the
/// certificate to give instead.
fn guard_repair(
    reading: &Reading,
    repaired: &Solution,
    changes: &[Change],
    opts: &CertifyOptions,
) -> Option<Certificate> {
    let (Puzzle::Tango(t), false) = (&reading.puzzle, reading.weak.is_empty()) else {
        return None;
    };
    // The kinds of glyph the repair says were misread; a cell beyond a cut or under a
    // pointer filled in is no misread.
    let overrides = |m: Marker| {
        changes
            .iter()
            .filter(|c| c.read == Value::Marker(m))
            .count()
    };
    let overridden: Vec<Marker> = [Marker::Same, Marker::Opposite]
        .into_iter()
        .filter(|&m| overrides(m) >= opts.repair_guard_min[usize::from(reading.small_glyphs)])
        .collect();
    let alike: Vec<Doubt> = reading
        .weak
        .iter()
        .copied()
        .filter(|d| match *d {
            Doubt::Edge { edge, .. } => t.marker(edge).is_some_and(|m| overridden.contains(&m)),
            Doubt::Cell { .. } => false,
        })
        .collect();
    if alike.is_empty() {
        return None;
    }
    let mut wider = reading.clone();
    wider.doubts.extend(alike);
    let wide_opts = CertifyOptions {
        free_below: f32::INFINITY,
        ..*opts
    };
    let r = reachable(&wider, &wide_opts, opts.max_alternatives + 1);
    let others: Vec<Solution> = r
        .solutions
        .iter()
        .map(|(_, s)| s.clone())
        .filter(|s| s != repaired)
        .take(opts.max_alternatives)
        .collect();
    if others.is_empty() {
        return (!r.complete).then(|| Certificate::Unrepaired {
            suspects: r.free.clone(),
            reason: "too many elements read with doubt to vouch for the repair".into(),
        });
    }
    Some(Certificate::Uncertain {
        differ: union_diff(repaired, &others),
        deciding: deciding(&r.free, repaired, &others),
        reason: format!(
            "the puzzle as read had no single solution, and other readings of {} (read with \
             doubt or weakly) give different unique solutions",
            list(&deciding(&r.free, repaired, &others))
        ),
        alternatives: std::iter::once(repaired.clone()).chain(others).collect(),
    })
}

fn list(es: &[Element]) -> String {
    let v: Vec<String> = es.iter().map(|e| e.to_string()).collect();
    if v.is_empty() {
        "the doubted elements".into()
    } else {
        v.join(", ")
    }
}

fn union_diff(answer: &Solution, others: &[Solution]) -> Vec<Pos> {
    let mut d: Vec<Pos> = others.iter().flat_map(|o| answer.diff(o)).collect();
    d.sort();
    d.dedup();
    d
}

/// The free elements whose value (in the strongest reading consistent with each solution)
/// differs between `answer` and one of `others`; all of them when none does.
fn deciding(free: &[Free], answer: &Solution, others: &[Solution]) -> Vec<Element> {
    let by_value: Vec<Element> = free
        .iter()
        .map(|f| f.element)
        .filter(|&e| {
            others
                .iter()
                .any(|o| implied(answer, e) != implied(o, e) || queens_decides(answer, o, e))
        })
        .collect();
    // A Queens cell whose region decides without a crown on it shows in no solution: then
    // every element let vary is one to look at.
    if by_value.is_empty() {
        free.iter().map(|f| f.element).collect()
    } else {
        by_value
    }
}

/// A Queens cell decides when a crown of one solution sits on it.
fn queens_decides(a: &Solution, b: &Solution, e: Element) -> bool {
    match (a, e) {
        (Solution::Queens { .. }, Element::Cell { pos }) => a.has_crown(pos) != b.has_crown(pos),
        _ => false,
    }
}

/// The value a Tango solution implies for an element (its symbol, or the relation across an
/// edge); `None` for Queens.
fn implied(s: &Solution, e: Element) -> Option<Value> {
    match (s, e) {
        (Solution::Tango { .. }, Element::Cell { pos }) => s.symbol(pos).map(Value::Given),
        (Solution::Tango { .. }, Element::Edge { edge }) => {
            let (a, b) = edge.cells();
            let (x, y) = (s.symbol(a)?, s.symbol(b)?);
            Some(Value::Marker(if x == y {
                Marker::Same
            } else {
                Marker::Opposite
            }))
        }
        _ => None,
    }
}

/// The repaired puzzle closest to the reading that has `target` as its only solution: read
/// values that contradict `target` are changed, then free elements read as empty are set to
/// `target`'s value, least confident first, until the solution is unique. `alt` is the
/// alternative the search found giving `target` (for Queens already the smallest change).
fn smallest_change(
    reading: &Reading,
    free: &[Free],
    alt: &Puzzle,
    target: &Solution,
) -> Option<(Puzzle, Vec<Change>)> {
    match &reading.puzzle {
        Puzzle::Tango(t) => {
            let mut p = t.clone();
            let mut changes = Vec::new();
            let set = |p: &mut Tango, f: &Free, now: Value, changes: &mut Vec<Change>| {
                match (f.element, now) {
                    (Element::Cell { pos }, Value::Given(s)) => p.set_given(pos, Some(s)),
                    (Element::Cell { pos }, _) => p.set_given(pos, None),
                    (Element::Edge { edge }, Value::Marker(m)) => p.set_marker(edge, Some(m)),
                    (Element::Edge { edge }, _) => p.set_marker(edge, None),
                }
                changes.push(Change {
                    element: f.element,
                    read: f.read,
                    now,
                    confidence: f.confidence,
                    broken_by_pieces: matches!((f.read, f.shown),
                        (Value::Marker(m), Some(s)) if m != s),
                });
            };
            for f in free {
                let want = implied(target, f.element);
                let ok = match f.read {
                    Value::Marker(m) if f.shown.is_some_and(|s| s != m) => false,
                    Value::Given(_) | Value::Marker(_) => Some(f.read) == want,
                    _ => true,
                };
                if !ok {
                    let now = if matches!(f.element, Element::Cell { .. }) {
                        Value::Empty
                    } else {
                        Value::NoMarker
                    };
                    set(&mut p, f, now, &mut changes);
                }
            }
            for f in free {
                if BitTango::from_tango(&p).is_unique() {
                    break;
                }
                // Read empty, or dropped above (a marker read `=` where the target has `x`):
                // the target's own value.
                let current = value_of(&Puzzle::Tango(p.clone()), f.element);
                if matches!(current, Value::Empty | Value::NoMarker) {
                    let now = implied(target, f.element)?;
                    if f.shown.is_some_and(|m| now != Value::Marker(m)) {
                        continue;
                    }
                    changes.retain(|c| c.element != f.element);
                    if now != f.read {
                        set(&mut p, f, now, &mut changes);
                    }
                }
            }
            let out = BitTango::from_tango(&p).solve_up_to(2);
            (out.count == 1 && out.first.as_ref() == Some(target))
                .then_some((Puzzle::Tango(p), changes))
        }
        Puzzle::Queens(_) => {
            // The search visits Queens maps fewest changes first: the alternative it found is
            // already the smallest change.
            let changes = free
                .iter()
                .filter_map(|f| {
                    let now = value_of(alt, f.element);
                    (now != f.read).then_some(Change {
                        element: f.element,
                        read: f.read,
                        now,
                        confidence: f.confidence,
                        broken_by_pieces: false,
                    })
                })
                .collect();
            Some((alt.clone(), changes))
        }
    }
}

/// Tango: visits the relaxed puzzle's solutions (see the module docs).
fn tango_reachable(
    t: &Tango,
    free: &[Free],
    max_relaxed: usize,
    limit: usize,
) -> (Vec<(Puzzle, Solution)>, bool) {
    let mut relaxed = t.clone();
    for f in free {
        match f.element {
            Element::Cell { pos } => relaxed.set_given(pos, None),
            Element::Edge { edge } => relaxed.set_marker(edge, None),
        }
    }
    if relaxed.validate().is_err() {
        return (Vec::new(), false);
    }
    let base = BitTango::from_tango(&relaxed);
    let cols = t.cols();
    // Every solution of the relaxed puzzle, up to `max_relaxed` (enumerating is cheap; asking
    // each one's strongest puzzle for a second solution is not).
    let rows_n = t.rows();
    let mut flat: Vec<u16> = Vec::new();
    let (mut visited, mut enumerated) = (0usize, true);
    base.for_each_solution(|rows| {
        if visited >= max_relaxed {
            enumerated = false;
            return false;
        }
        visited += 1;
        flat.extend_from_slice(rows);
        true
    });
    let all: Vec<&[u16]> = flat.chunks(rows_n.max(1)).collect();
    // A strongest puzzle's solutions are the relaxed solutions that agree with it on what it
    // fixes: with every solution at hand, counted at once instead of searched one by one; with
    // some, two agreeing already rule it out, and only the others are searched, in order, up
    // to `limit` found.
    let counted = unique_by_counting(free, &all);
    let mut found: Vec<(Puzzle, Solution)> = Vec::new();
    let mut complete = enumerated;
    for (k, rows) in all.iter().enumerate() {
        let unique = match &counted {
            Some((u, _)) if !u[k] => false,
            Some((_, true)) if enumerated => true,
            _ => strongest_tango(&base, free, rows).is_unique(),
        };
        if !unique {
            continue;
        }
        found.push((
            Puzzle::Tango(strongest_tango(&base, free, rows).to_tango()),
            rows_to_solution(rows, cols),
        ));
        if found.len() >= limit {
            complete = false;
            break;
        }
    }
    (found, complete)
}

/// For every solution `rows` of the relaxed puzzle in `all`, whether it is the only one there
/// that agrees with it on every free element its strongest puzzle ([`strongest_tango`])
/// fixes: with all of them in `all`, that puzzle has one solution exactly then; with some,
/// `false` is sure and `true` is to be checked. The flag says whether `true` is exact so; when
/// what they fix varies too much (over 64 kinds), only solutions alike on every free element
/// are ruled out, and every `true` is to be checked. `None` when the free elements are too
/// many to pack (over 128), for the search one by one.
fn unique_by_counting(free: &[Free], all: &[&[u16]]) -> Option<(Vec<bool>, bool)> {
    use std::collections::HashMap;
    if free.len() > 128 {
        return None;
    }
    // Per solution: the value of every free element (a cell's moon, an edge's sameness) and
    // which of them its strongest puzzle fixes, one bit each.
    let packed: Vec<(u128, u128)> = all
        .iter()
        .map(|rows| {
            let bit = |p: Pos| (rows[p.row] >> p.col) & 1 == 1;
            let (mut value, mut fixed) = (0u128, 0u128);
            for (k, f) in free.iter().enumerate() {
                let (v, fix) = match f.element {
                    Element::Cell { pos } => {
                        let moon = bit(pos);
                        (moon, f.seen.is_none_or(|s| (s == Symbol::Moon) == moon))
                    }
                    Element::Edge { edge } => {
                        let (a, c) = edge.cells();
                        let same = bit(a) == bit(c);
                        (same, f.shown.is_none_or(|m| (m == Marker::Same) == same))
                    }
                };
                value |= u128::from(v) << k;
                fixed |= u128::from(fix) << k;
            }
            (value, fixed)
        })
        .collect();
    let mut masks: Vec<u128> = packed.iter().map(|&(_, m)| m).collect();
    masks.sort_unstable();
    masks.dedup();
    if masks.len() > 64 {
        let mut alike: HashMap<u128, usize> = HashMap::new();
        for &(v, _) in &packed {
            *alike.entry(v).or_default() += 1;
        }
        return Some((packed.iter().map(|(v, _)| alike[v] == 1).collect(), false));
    }
    let counts: HashMap<u128, HashMap<u128, usize>> = masks
        .iter()
        .map(|&m| {
            let mut c: HashMap<u128, usize> = HashMap::new();
            for &(v, _) in &packed {
                *c.entry(v & m).or_default() += 1;
            }
            (m, c)
        })
        .collect();
    Some((
        packed
            .iter()
            .map(|&(v, m)| counts[&m][&(v & m)] == 1)
            .collect(),
        true,
    ))
}

/// The relaxed puzzle with every free element set to the value the solution `rows` implies.
fn strongest_tango(base: &BitTango, free: &[Free], rows: &[u16]) -> BitTango {
    let mut b = base.clone();
    let bit = |r: usize, c: usize| (rows[r] >> c) & 1;
    for f in free {
        match f.element {
            Element::Cell { pos } => {
                // A cell whose symbol was seen is that given or empty: empty when `rows`
                // has the other symbol there.
                let moon = bit(pos.row, pos.col) == 1;
                if f.seen.is_none_or(|s| (s == Symbol::Moon) == moon) {
                    b.given_mask[pos.row] |= 1 << pos.col;
                    b.given_val[pos.row] |= bit(pos.row, pos.col) << pos.col;
                }
            }
            Element::Edge { edge } => {
                let (a, c) = edge.cells();
                let same = bit(a.row, a.col) == bit(c.row, c.col);
                // Pieces shown across the edge that this relation would break: no marker.
                if f.shown.is_some_and(|m| (m == Marker::Same) != same) {
                    continue;
                }
                let (same_v, opp_v) = match edge {
                    Edge::Right(_) => (&mut b.right_same, &mut b.right_opp),
                    Edge::Down(_) => (&mut b.down_same, &mut b.down_opp),
                };
                if same {
                    same_v[a.row] |= 1 << a.col;
                } else {
                    opp_v[a.row] |= 1 << a.col;
                }
            }
        }
    }
    b
}

/// Queens: alternative region maps, fewest changed cells first, within `budget` maps.
fn queens_reachable(
    q: &Queens,
    free: &[Free],
    budget: usize,
    limit: usize,
    striped: &[Pos],
) -> (Vec<(Puzzle, Solution)>, bool) {
    let n = q.n();
    let cells: Vec<Pos> = free
        .iter()
        .filter_map(|f| match f.element {
            Element::Cell { pos } => Some(pos),
            Element::Edge { .. } => None,
        })
        .collect();
    // The free cells under the stripes (see `CertifyOptions::queens_free_run_regions`).
    let run: Vec<Pos> = cells
        .iter()
        .copied()
        .filter(|c| striped.contains(c))
        .collect();
    // Each free cell may take its own region or a 4-neighbour's.
    let options: Vec<Vec<usize>> = cells
        .iter()
        .map(|&p| {
            let mut v = vec![q.region(p)];
            let (r, c) = (p.row as isize, p.col as isize);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r + dr, c + dc);
                if nr >= 0 && nc >= 0 && (nr as usize) < n && (nc as usize) < n {
                    let g = q.region(Pos::new(nr as usize, nc as usize));
                    if !v.contains(&g) {
                        v.push(g);
                    }
                }
            }
            if run.contains(&p) {
                for g in run_regions_beside(q, &run, p) {
                    if !v.contains(&g) {
                        v.push(g);
                    }
                }
            }
            v
        })
        .collect();
    let base: Vec<u32> = (0..n * n)
        .map(|i| q.region(Pos::new(i / n, i % n)) as u32)
        .collect();
    let mut found: Vec<(Puzzle, Solution)> = Vec::new();
    let mut tried = 0usize;
    let mut complete = true;
    let k = cells.len();
    let sizes: Vec<usize> = options.iter().map(Vec::len).collect();
    let mut choice = vec![0usize; k];
    // Every assignment with no change first, then one, two...: each visited once (the
    // assignments of one size are generated, not filtered from all of them, which grows as
    // the product of the options).
    'sizes: for changes in 0..=k {
        let go_on = with_changes(&sizes, changes, 0, &mut choice, &mut |choice| {
            tried += 1;
            if tried > budget {
                complete = false;
                return false;
            }
            let mut labels = base.clone();
            for (i, &p) in cells.iter().enumerate() {
                labels[p.index(n)] = options[i][choice[i]] as u32;
            }
            if let Ok(alt) = Queens::new(n, &labels)
                && alt.validate().is_ok()
            {
                let out = BitQueens::from_queens(&alt).solve_up_to(2);
                if out.count == 1
                    && let Some(s) = out.first
                    && !found.iter().any(|(_, f)| *f == s)
                {
                    found.push((Puzzle::Queens(alt), s));
                    if found.len() >= limit {
                        complete = false;
                        return false;
                    }
                }
            }
            true
        });
        if !go_on {
            break 'sizes;
        }
    }
    (found, complete)
}

/// The regions of the cells beside the run of `free` cells (4-neighbours, chained) that holds
/// `p`, those cells not free themselves (see [`CertifyOptions::queens_free_run_regions`]).
fn run_regions_beside(q: &Queens, free: &[Pos], p: Pos) -> Vec<usize> {
    let n = q.n();
    let is_free = |i: usize| free.iter().any(|f| f.index(n) == i);
    let mut seen = vec![false; n * n];
    let mut stack = vec![p.index(n)];
    seen[p.index(n)] = true;
    let mut out = Vec::new();
    while let Some(i) = stack.pop() {
        for j in crate::puzzle::side_neighbours(i, n) {
            if seen[j] {
                continue;
            }
            seen[j] = true;
            if is_free(j) {
                stack.push(j);
            } else {
                let g = q.region(Pos::new(j / n, j % n));
                if !out.contains(&g) {
                    out.push(g);
                }
            }
        }
    }
    out
}

/// Calls `visit` with every assignment `choice` (option `choice[i]` of `sizes[i]` for each
/// position) that differs from all zeros at exactly `changes` positions, positions from `at`
/// on still to choose (those before are kept); stops, returning false, when `visit` does.
fn with_changes(
    sizes: &[usize],
    changes: usize,
    at: usize,
    choice: &mut [usize],
    visit: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    if changes == 0 {
        return visit(choice);
    }
    if sizes.len() - at < changes {
        return true;
    }
    for option in 1..sizes[at] {
        choice[at] = option;
        let go_on = with_changes(sizes, changes - 1, at + 1, choice, visit);
        choice[at] = 0;
        if !go_on {
            return false;
        }
    }
    with_changes(sizes, changes, at + 1, choice, visit)
}

#[cfg(test)]
mod tests;
