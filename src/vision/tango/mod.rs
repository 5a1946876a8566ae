//! Stage 3 (Tango): read cells and markers on a located board.
//!
//! Every measurement is relative to the board itself; a dimmed capture (white point below
//! [`TangoReadOptions::normalise_below`]) whose board is not found as it is, is read again
//! contrast-stretched to white.
//! - **given vs placed**: each cell's background (median of its corner patches) is split into two
//!   luma clusters; in light mode the darker cluster is the grey locked givens, in dark mode the
//!   lighter one. No split (all cells alike) means no givens.
//! - **empty vs symbol**: the fraction of pixels in the cell's central disc that differ from the
//!   cell's own background.
//! - **sun vs moon**: a small colour histogram of the icon pixels (warm hues, blue hues, dark,
//!   light); icons are grouped in two clusters and the warmer cluster is the sun. Themed days
//!   replace the icons, so the clusters, not fixed colours, decide (the label is compared up to an
//!   S/M swap); when all icons are alike, their warmth decides.
//! - **markers**: a patch around the middle of every shared edge is normalised by its own
//!   contrast; a glyph whose rows hold long horizontal strokes is `=`, one made of short diagonal
//!   strokes is `x`. Dark blobs reaching the patch border (a mouse pointer) are doubted.
//!
//! Stages: [`locate`] (with `lines`, `lattice`, `background`) -> `cells` -> `edges` -> the icon
//! check; [`read_tango_traced`] fills a [`TangoTrace`] on the way (the debug pictures are drawn
//! from it, see [`crate::vision::debug`]).

mod background;
mod block;
mod cells;
mod cover;
mod edges;
mod lattice;
mod lines;
pub mod locate;
pub mod sparse;

pub use self::block::Unlined;
use self::cells::{classify_symbols, read_cells};
use self::edges::read_edge;
pub use self::locate::{LocateSurvey, TangoLattice, TangoLocateOptions};
use super::ReadError;
use crate::board::{Doubt, Grid, Placed, Reading, Side, Theme};
use crate::puzzle::{Edge, Marker, Pos, Puzzle, Symbol, Tango};
use crate::vision::pixel::luma;
use image::RgbImage;
use std::time::{Duration, Instant};

/// Tunables of the Tango cell and marker reader.
#[derive(Clone, Debug)]
pub struct TangoReadOptions {
    /// Board locator options.
    pub locate: TangoLocateOptions,
    /// The fallback that places a board with no visible grid lines from its pieces.
    pub sparse: sparse::SparseOptions,
    /// Least luma difference between the grey given cells and the other cells. Default 6.
    pub given_min_contrast: f32,
    /// A cell whose corner samples are more than this fraction strongly coloured is covered by
    /// an overlay (red stripes over rule-breaking cells). Default 0.05.
    pub overlay_max_frac: f32,
    /// Stripes count as seen over the board (`Reading::overlay_seen`) when at least this many
    /// cells are covered (or an edge's patch is masked): LinkedIn stripes every cell of a
    /// broken rule, two at the least, while one cell's coloured corners alone are its own
    /// icon's glow on a small board (scale-0.35x 6100293: the sun's halo in one 21 px cell's
    /// corners kept the player's complete board from standing for the answer). Each covered
    /// cell is still read as covered. Default 2.
    pub stripes_min_cells: usize,
    /// Given/placed confidence of such a covered cell (below `doubt_below`, so it is reported).
    /// Default 0.2.
    pub overlay_given_conf: f32,
    /// `[least given confidence, reach, tint]`: a striped cell whose ground between the
    /// stripes (its neutral corner samples) is read as a given's shading with at least this
    /// confidence, is within `reach` grey levels (every channel) of the ground of the board's
    /// givens in the clear and within `tint` of their red-minus-blue, is a given, not "given
    /// or placed" (translucent stripes over the shading). A plain ground stays in doubt (under
    /// LinkedIn's stripes a given shows white), as does one the stripes' pink fringe darkened
    /// (stripes-over 5300686: a white ground darkened to (245, 231, 229), within 6 levels of
    /// the givens' (239, 234, 231) but 8 redder, read as a sure given: a wrong answer).
    /// `None`: every striped cell is in doubt. Default `Some([0.6, 6, 3])`.
    pub striped_given_sure: Option<[f32; 3]>,
    /// In a covered cell, an icon sample within this many grey levels (largest channel
    /// difference) of the line from the cell's background to the overlay's colour is the
    /// overlay over the background (a stripe or its antialiased edge), not the icon. Default 40.
    pub overlay_colour_reach: f32,
    /// A glyph between a striped and a clear cell is doubted when more than this share of its
    /// samples are coloured beyond `locate.neutral_chroma` ([`EdgeRead::tinted`]: half of it
    /// lies under translucent stripes, pale enough not to be masked, and what is read may be
    /// the other half). Default 0.1.
    pub overlay_max_tinted: f32,
    /// A marker read beside a covered cell keeps its confidence when at most this fraction of
    /// the middle of its patch was masked as coloured overlay. Default 0.15.
    pub overlay_max_masked: f32,
    /// Radius of the icon disc sampled in each cell, as a fraction of the pitch. Default 0.3.
    pub icon_radius: f32,
    /// Radius (share of the cell) of the ring [`CellRead::spill`] is measured on: outside
    /// every icon (LinkedIn's reach 0.24 of the cell, themed ones about 0.3), inside the
    /// grid lines. Default 0.42.
    pub spill_radius: f32,
    /// Half the angle (degrees) left out of that ring round each marker place (the middle of
    /// each side, where an `=` or an `x` reaches into the cell). Default 25.
    pub spill_gap_deg: f32,
    /// Samples of that ring within this (grey levels, every channel) of each other are of
    /// one flat colour: [`CellRead::spill`] counts the largest such group (an object over
    /// the cell is flat; the win shimmer's band is a gradient). Default 12.
    pub spill_flat: f32,
    /// A cell whose [`CellRead::spill`] reaches this share (not under stripes, not lit) has
    /// something over it that is not LinkedIn's (a tooltip, a card, a badge): the cell and
    /// its four edges are occluded (free), and what lies in its middle is not an icon
    /// (foreign 43800665: a dark tooltip over a given moon and the cell beside it read as a
    /// third icon kind, the board as themed, a wrong answer: 0.36 and 0.50). On the real
    /// captures no cell in the clear measures over 0.06, cells under LinkedIn's stripes
    /// (left out) up to 0.67; the win shimmer's diagonal band fills one quadrant's arc of
    /// the ring, 0.25 (83 of 950 cells of 40 shimmer renders; 0.25 here cost 151 of 800).
    /// `None`: off. Default `Some(0.3)`.
    pub spill_occludes: Option<f32>,
    /// A cell covered by an overlay ([`CellRead::striped`]) whose coloured background samples
    /// lie in fewer than this many of its four corners ([`CellRead::overlay_corners`]) has
    /// something over part of it that is not LinkedIn's stripes (they run across the whole
    /// cell): it is occluded with the edges beside its coloured corners (foreign 49800178,
    /// 50000629: a red badge over a cell's corner read as a sun, its white digit as `=`).
    /// `None`: off. Default `Some(2)`.
    pub overlay_min_corners: Option<u8>,
    /// LinkedIn's rule-break stripes are red: a cell covered by an overlay whose colour's hue
    /// lies more than this many degrees from red has something over it that is not the
    /// stripes (`examples/realhunt` seed 400688: a yellow emoji over a given moon of a real
    /// capture, hue 43, taken for stripes and read as a given sun). It is occluded with its
    /// four edges. On the real captures every striped cell's overlay lies within 10 degrees
    /// of red. `None`: off. Default `Some(30.0)`.
    pub stripes_max_hue_off: Option<f32>,
    /// LinkedIn stripes the cells of a broken rule: a whole line, three alike in a line, or
    /// the two cells across an `=` or `x` the pieces break. Striped cells with no striped
    /// cell beside them, or two side by side (neither with another striped neighbour) with no
    /// marker read between them, are something else over the board: they are occluded with
    /// their four edges (realhunt 924752: a red notification badge over a given moon and
    /// the corner of the cell beside it, taken for stripes, read as a sure given sun; a
    /// wrong answer). `false`: off. Default true.
    pub stripes_pattern: bool,
    /// A cell shaded as a given with no icon read (not lit, not under stripes) has something
    /// over its icon: LinkedIn never shades an empty cell. It is occluded with its four
    /// edges, as a spilled cell (foreign 50000747: a dark tooltip over a given and its edge,
    /// read as an empty given, pinned a wrong solution). Default true.
    pub empty_given_occluded: bool,
    /// A cell (not lit, not under stripes) whose background lies more than this below both of
    /// the board's grounds ([`CellRead::dimmed`], luma) is under something (a dark veil):
    /// LinkedIn shades every cell as empty or as given, and the win shimmer only lightens.
    /// It is occluded with its four edges, as a spilled cell (foreign 50600662: a dark veil
    /// over two cells, their ground 17 below the empty cells', dimmed an `x` into a sure
    /// `=`). On the real captures no cell lies more than 1 below.
    /// `None`: off. Default `Some(10.0)`.
    pub odd_ground: Option<f32>,
    /// LinkedIn draws every icon of a kind at one size: an icon whose coloured samples
    /// ([`CellRead::icon_frac`] less its grey share: the win shimmer's band over an icon is
    /// light grey) cover more of its disc than this times the upper quartile of its kind's
    /// `icon_frac` (at least four icons, every cell in the clear: not striped, not lit) is
    /// something else over the cell (foreign 56200151: a yellow emoji over a given moon,
    /// 0.92 of the icon disc against the suns' 0.63, read as a given sun). The cell and its
    /// four edges are occluded. On the real captures an icon in the clear measures at most
    /// 1.09 times its kind's median (1.5 under LinkedIn's stripes). Against the median, a
    /// few bright givens beside many pieces fading in were taken for it (fade-in 1 of 800);
    /// against the upper quartile, a themed pair's givens beside faded pieces still cost
    /// combo 3 and combo-captured 2 of 800. `None`: off. Default `Some(1.3)`.
    pub oversized_icon_ratio: Option<f32>,
    /// LinkedIn draws each icon in one colour: an icon at least this share of whose coloured
    /// samples are the sun's warm colour ([`CellRead::hist`] red-orange and yellow) and at
    /// least this share the moon's blue, on a board of LinkedIn's own pair (not themed: a
    /// themed icon may have two colours) and in the clear (not striped: red stripes over a
    /// moon mix the two), is a LinkedIn icon with something over it (foreign 58000595: a red
    /// rectangle's outline across the one given moon of a dark board, its icon 0.50 red and
    /// 0.47 blue, read as a sun, every cell of the answer the other kind). The cell and its
    /// four edges are occluded. On the real captures no icon in the clear has any of both;
    /// on 100 renders of every stress row, 7 of 22,354 icons 0.1 to 0.4. `None`: off.
    /// Default `Some(0.3)`.
    pub mixed_icon_min_share: Option<f32>,
    /// An outer row or column of the lattice at least this share of whose cross lines (two
    /// at least) are not seen ([`TangoReadOptions::unlined_edge_ratio`]) lies past the board:
    /// LinkedIn draws every line, and a lattice one line off is read a column shifted
    /// (`examples/realhunt` seed 405497: a red rectangle drawn beside a real board's last
    /// column taken for its border, the lattice one column right, the board's own first
    /// column, empty, left out; a unique wrong answer). The board is refused as no board
    /// (not on a board cut at an image edge, whose cut line is filled in). `None`: off.
    /// Default `Some(0.5)`.
    pub outer_unlined_share: Option<f32>,
    /// An inner edge whose grid line stands out from the ground by less than this share of
    /// the board's median line ([`cover::line_contrast`], at four places along it, the
    /// strongest) lies under something: LinkedIn draws every line. The edge and its two cells
    /// are occluded (foreign 48000464, 50400785: a white card over givens read as empty
    /// cells, its outline as no marker, pinned a wrong solution; the card's inside measures
    /// 0.00, the win shimmer's band down to 0.21). `None`: off. Default `Some(0.15)`.
    pub unlined_edge_ratio: Option<f32>,
    /// `[factor, least, cap]`: an inner edge whose line stands out by less than `factor`
    /// times the board's noise floor ([`cover::noise_floor`]: the same statistic through the
    /// middle of the surely empty cells, where nothing is drawn; its lower quartile, used
    /// when there are `least` such measurements) is not seen either. On a noisy capture the
    /// line contrast of a hidden line is the noise's strongest sample (realhunt 648572: a
    /// card over three cells of a board under noise 8.9, smoothed: its hidden lines 5.2 and
    /// 5.5, the floor 4.1, a real line beside a given 16.3, the board's median 22.0: a ratio
    /// of 0.25, above `unlined_edge_ratio`). A floor above `cap` times the board's median
    /// line is not noise but something drawn over those cells (a veil over the empty cells
    /// measured 6 times the lines) and is not used. On a clean capture the floor is near 0.
    /// `None`: off. Default `Some([2.0, 6.0, 0.3])`.
    pub unlined_noise: Option<[f32; 3]>,
    /// `[least, cap]`: an inner edge whose line is seen at fewer than `least` of the four places
    /// along it ([`cover::line_places`]) is not seen either, where a place shows the line when
    /// it stands out by at least the bound of [`Self::unlined_edge_ratio`] (and
    /// [`Self::unlined_noise`]) and by at most `cap` times the board's median line (no upper
    /// bound beside a cell under LinkedIn's red stripes, which stand out more than its lines:
    /// with it, 33 of 800 `stripes` renders lost their answer). LinkedIn's lines have one
    /// contrast along the whole board; a place far stronger is something drawn over the line,
    /// its text or its border (realhunt 1054774: the dark text of a white card over a given
    /// sun and three empty cells crossed the hidden lines at one place each, the other places
    /// blank; realhunt 1049078: a dark tooltip's lower border ran along a line for three of
    /// its places, 5 to 9 times the board's median line; both pinned a wrong solution). `None`:
    /// off (a line seen at any one place is there). Default `Some([2.0, 3.0])`.
    pub unlined_places: Option<[f32; 2]>,
    /// Least median line contrast (luma) for [`TangoReadOptions::unlined_edge_ratio`] to look
    /// at a board: fainter lines (small, blurred captures) are not told from covered ones.
    /// Default 6.
    pub unlined_min_contrast: f32,
    /// Samples across the icon disc diameter. Default 24.
    pub icon_samples: usize,
    /// A pixel belongs to the icon when a channel differs from the cell background by this much.
    /// Default 45.
    pub icon_delta: f32,
    /// A cell holds a symbol when at least this fraction of its disc is icon. Default 0.14.
    pub icon_min_frac: f32,
    /// A lattice with at least this many coloured icons in the row or column one pitch beyond
    /// one of its sides is not the whole board (a lattice one row off, its outer row taken
    /// from the page): it is moved one pitch that way when its own outer row on the other
    /// side holds no icon, and refused when icons then remain beyond it. `None` turns the
    /// check off. Default Some(2).
    pub icons_beyond: Option<usize>,
    /// A lattice moved by [`Self::icons_beyond`] is refused unless the row (column) it gains
    /// has the grid lines across it: their median [`cover::line_contrast`] at least this share
    /// of the moved lattice's median line. Coloured things just beyond a board are not all
    /// icons: a red rectangle drawn from a phone board's last column down over the Hint button
    /// moved the lattice a row down onto the Undo / Hint strip (median 5.8 there against 26.2
    /// on the board), and a board read a row off was answered wrong (realhunt 704618). A board's
    /// own row a lattice gains has its lines. `None`: off. Default `Some(0.5)`.
    pub moved_row_lines: Option<f32>,
    /// An outer row or column accepted by the locator without the grid lines across it
    /// ([`Unlined`]: its frame is drawn, and grey givens can hide those lines) must have the
    /// two cells on either side of every line not seen read as givens, else the board is
    /// refused: it is a row of page a cell beyond a board cut off at the other side
    /// (LinkedIn's Undo / Hint buttons, whose outline lies where the border would). Of 173 real captures cut through their top
    /// row, 3 were still read a row off and answered wrong without it (after
    /// [`TangoLocateOptions::frame_side_ok`]); the one real board whose givens hide a column's
    /// lines reads as before. Default true.
    pub unlined_givens: bool,
    /// Below this fraction the cell is surely empty; between it and `icon_min_frac` the read is
    /// doubted. Default 0.06.
    pub icon_empty_frac: f32,
    /// Chroma from which an icon pixel counts as coloured (hue bins). Default 40.
    pub hue_min_chroma: f32,
    /// Hue (degrees) where the bins yellow, green, blue, purple and red-orange begin (red-orange
    /// wraps round 0). Default `[50, 75, 170, 260, 330]`.
    pub hue_bins: [f32; 5],
    /// Least L1 distance of the two icon cluster centres to call them two symbols. Default 0.6.
    pub cluster_min_separation: f32,
    /// Two icon clusters count as two kinds by their clear icons: when every icon not under
    /// rule-break stripes falls in one cluster, the other's striped icons may differ only by
    /// the stripes' tint; the clear icons are named by their own warmth and those striped
    /// icons are doubted (stripes 1100497: three moons under red stripes taken for suns, the
    /// given moons named suns in turn). Default true.
    pub striped_kind_needs_clear: bool,
    /// Icons not all alike, no split into two kinds found, every icon of LinkedIn's colours
    /// (`standard_icon_share`), and those in the clear alike among themselves: the stripes'
    /// tint set the striped ones apart, and the clear ones are read as surely as icons all of
    /// one kind (named by warmth); the striped ones stay doubted. Off, every icon of such a
    /// board was doubted (stripes 6800008: a given sun in the clear and three placed suns
    /// under stripes, all four at 0; the given's kind flipped gave another solution).
    /// Default true.
    pub striped_set_apart_clear_alike: bool,
    /// An edge between two striped cells read as no marker, its ink tinted beyond
    /// `overlay_max_tinted` (the stripes run across it), is read with doubt: stripes drawn over
    /// a marker can hide it whole (stripes-over 1501060: an `x` read as no marker at 0.5).
    /// Default true.
    pub tinted_across_doubted: bool,
    /// A glyph between two striped cells read `x`, its ink tinted beyond `overlay_max_tinted`
    /// (the stripes run across it), is read with doubt: the stripes' diagonals over an `=`
    /// read as an `x`'s strokes, to the hand rule and the glyph model alike (stripes-over
    /// 3700723: an `=` read `x` with confidence 1, the glyph model at 0.99999; the answer
    /// called 17 of the player's 34 pieces wrong). Default true.
    pub tinted_x_doubted: bool,
    /// A marker's patch whose middle is hidden beyond `overlay_max_masked` by coloured ink
    /// that no stripes over its cells explain ([`EdgeRead::veiled`]), its glyph's own ink
    /// neutral (tinted at most `overlay_max_tinted`: on a brightened capture LinkedIn's
    /// beige ink turns coloured and masks itself), is read with doubt, whatever its cells
    /// show: something not LinkedIn's lies over it (foreign 42200668: a red rectangle's
    /// side across an `x` read `=` with confidence 1, the glyph model at 0.99).
    /// Default true.
    pub veiled_marker_doubted: bool,
    /// A glyph between a striped and a clear cell, doubted because half of it is tinted
    /// (`overlay_max_tinted`) and for no other reason, is read once more from its clear half
    /// mirrored across the grid line (LinkedIn's `=` and `x` are both symmetric about it): when
    /// that read gives the same kind with at least `weak_below`, untinted, the first read
    /// stands. An `x` cut to a `<` by the stripes mirrors back to an `x` and an `=` given
    /// diagonal strokes by them mirrors back to an `=`, so a read the stripes changed does not
    /// agree (stripes-over 6800134: an `x` of 10 px, stroke shape -0.88, glyph model 0.99997,
    /// doubted beside three striped suns; the board ended uncertain). Default true.
    pub half_striped_mirror: bool,
    /// Icons all alike by their colour histograms must also have mean hues within this arc
    /// (degrees), or they are two kinds the histogram cannot tell apart (within one kind, real
    /// captures measure up to 6.4). Default 12.
    pub alike_max_hue_spread: f32,
    /// ... and icon fractions whose two clusters (Otsu) are at most this far apart (a disc and
    /// a ring of one colour; within one kind, real captures measure up to 0.2). Default 0.25.
    pub alike_max_frac_gap: f32,
    /// ... and [`CellRead::shape`] components whose two clusters (Otsu) are at most this far
    /// apart. Default 0.09.
    pub alike_max_shape_gap: f32,
    /// ... where the shape gap allowed is at least this many image pixels over the icon
    /// disc's radius (`icon_radius` of the cell): the moments are measured to about a pixel,
    /// which on a 13 px cell is 0.25 of the disc (scale-0.3x 40: three moons 0.11 apart).
    /// Default 0.5.
    pub alike_shape_px: f32,
    /// ... and [`CellRead::fill`] values whose two clusters (Otsu) are at most this far apart
    /// (a red disc and a red diamond measured alike in hue, size and moments: themed
    /// 210246, a wrong answer). Default 0.15.
    pub alike_max_fill_gap: f32,
    /// ... and [`CellRead::icon_luma`] values whose two clusters (Otsu) are at most this far
    /// apart (grey levels; within one kind, the real captures at hand measure up to 16.7, one
    /// pointed-at piece aside, on a board with both kinds). Default 22.
    pub alike_max_luma_gap: f32,
    /// Icons alike by histogram but not by hue are read as two kinds when their mean hues form
    /// two groups at least this far apart (degrees), each within
    /// [`Self::alike_max_hue_spread`]. Default 10.
    pub hue_split_min_gap: f32,
    /// Icons split into two kinds by their colour histograms are checked by their hue: an icon
    /// whose hue lies nearer the other kind's mean hue (over the kinds' icons in the clear)
    /// than its own kind's, the two means at least `hue_split_min_gap` apart, is doubted
    /// (combo 10300323: a 0.4x dark themed board of red rings and orange triangles; a given
    /// ring, its lighter shading counted in its icon, went with the triangles by histogram,
    /// hue 5 against the rings' 357 and the triangles' 24, read surely into a wrong answer).
    /// Default true.
    pub cluster_hue_check: bool,
    /// Icons of one kind look alike: on a board read as themed, an icon in the clear (not
    /// striped, not lit) whose colour histogram lies more than this (L1, 0..=2) from more
    /// than half of the other clear icons of its kind is doubted: a third thing was taken
    /// for that kind, and made the board look themed (foreign 47800037: the white text of a
    /// dark tooltip read as a moon beside a blue given moon, a wrong answer; their
    /// histograms 1.66 apart). On a board of sun and moon the doubt is left to the pointer
    /// stage: a moon under the arrow is such a stray, and already free. `None`: off.
    /// Default `Some(1.5)`.
    pub kind_max_spread: Option<f32>,
    /// On a board read as LinkedIn's sun and moon, an icon in the clear (not striped, not
    /// lit) whose mean hue lies more than this (degrees) from its kind's mean hue (at least
    /// three icons) is doubted: LinkedIn's suns and moons each have one hue, and an icon off
    /// it has something over it (foreign 49000204: a red badge over a given moon, hue 355
    /// against the suns' 36, read as a sun surely; a wrong answer). `None`: off.
    /// Default `Some(20.0)`.
    pub kind_max_hue_gap: Option<f32>,
    /// ... and, on a board whose cells are under `[1]` pixels, each group holds at least `[0]`
    /// icons: a small icon's hue is measured over few pixels, and one icon alone is then no
    /// evidence of a kind of its own (two moons of a 0.3x board, 18 px cells, differed by 12
    /// degrees, anti-aliased at other sub-pixel phases, and were read as a themed pair; the
    /// renderer's themed pairs on 42-115 px cells split by 13-23 degrees with one icon of a
    /// kind). Default `[2.0, 32.0]`.
    pub hue_split_small_group: [f32; 2],
    /// Icons alike by colour but not by shape (a red ring and a red diamond) are read as two
    /// kinds when one shape measure ([`CellRead::icon_frac`], [`CellRead::shape`]'s spread,
    /// [`CellRead::fill`]) falls into two groups of at least two icons with an empty band
    /// between them at least `[0]` times the measure's alike gap, or two measures each with a
    /// band of at least `[1]` times theirs, or all three with a band of at least `[2]` times
    /// theirs, and every other measure that is not alike (shape, luma) splits the icons the
    /// same way. Fading, dimming or a pointer change an icon's colour or cover one icon; only
    /// a second kind changes the shape of several alike (themed 27000560: red triangles and
    /// red discs on a dark board, bands 1.00, 0.92 and 1.10 of the three alike gaps, every
    /// icon doubted without `[2]`). `None`: off. Default `Some([2.0, 1.0, 0.75])`.
    pub shape_split_min_band: Option<[f32; 3]>,
    /// With no pointer found: a themed pair one of whose kinds is one or two icons beside
    /// four or more of the other, those in the clear not alike among themselves (hue, size,
    /// shape, luma, as for a board of one kind), is a pointer or something else read as a
    /// kind and two kinds lumped as the other: every icon is doubted (combo-captured
    /// 32600652: a blurred hand pointer not found, read as one kind; orange squares and dark
    /// orange discs read surely as the other, a wrong answer). Default true.
    pub lumped_kind_doubted: bool,
    /// A themed pair one of whose kinds is only player's pieces all read with doubt (under
    /// `doubt_below`), the other kind holding a given: the doubted kind may be something
    /// over the board taken for icons (foreign 49400027: a red rectangle drawn round two
    /// cells read as two pieces of a second kind, the board's given suns named moons, a
    /// wrong answer). With no pointer found and the other kind's icons alike, those pieces
    /// are left free and the other kind is named by its own colours, as icons all of one
    /// kind are ([`drop_doubted_kind`]). Default true.
    pub doubted_kind_dropped: bool,
    /// A themed pair one of whose kinds is LinkedIn's sun or moon by colour
    /// (`standard_icon_share`) and the other grey, every icon of it at least this share grey
    /// (LinkedIn's icons, its own and its themed ones, are coloured): the grey kind is
    /// something over the board taken for icons (foreign 49600009, 49600168, 50000747: a
    /// dark tooltip's text read as a given of a second kind beside given moons, a white
    /// box's text beside given suns; the board read as themed and the kinds named wrong).
    /// Its cells are left free and the other kind is named by its colours
    /// ([`drop_neutral_kind`]). `None`: off. Default `Some(0.9)`.
    pub neutral_kind_min_grey: Option<f32>,
    /// ... when the grey kind has at most this many icons: LinkedIn has themed pairs of a
    /// grey icon and a blue one (a real capture, tango-179: six grey givens beside blue
    /// icons), which a pair of grey text and LinkedIn's icons must not be taken for.
    /// Default 2.
    pub neutral_kind_most: usize,
    /// ... and likewise a kind of as few icons each at least this share the other kind's
    /// LinkedIn colour and this share a hue far from it (not a neighbouring hue sector): two
    /// colours that LinkedIn never puts in one icon, its own or a themed pair's beside its own
    /// (foreign 53400741: a red rectangle drawn across a given moon, the moon read half red,
    /// half blue, as a second kind beside three blue moons, and named sun). `None`: off.
    /// Default `Some(0.3)`.
    pub mixed_kind_min_share: Option<f32>,
    /// Least mean share of coloured pixels in the icons of a board (sun and moon are orange and
    /// blue; themed icons are coloured too; digits or letters are not). Default 0.25.
    pub min_icon_colour: f32,
    /// LinkedIn's own sun has at least this share of warm (red-orange and yellow) icon pixels
    /// and its moon this share of blue ones; any other pair is a themed board's. Default 0.7.
    pub standard_icon_share: f32,
    /// The sun is a disc and the moon a crescent: when the icons named moon by their colours
    /// fill their boxes by at least this much more, on average, than those named sun (at
    /// least two of each), the names follow the shapes and the pair is a themed one (an
    /// inverted capture: an orange crescent, a blue disc). LinkedIn's disc fills about 0.3
    /// more than its crescent. `None`: names by colour only. Default `Some(0.15)`.
    pub shape_names_icons: Option<f32>,
    /// Half size of the marker patch, as a fraction of the pitch. Default 0.18.
    pub marker_radius: f32,
    /// Samples across the marker patch. Default 21.
    pub marker_samples: usize,
    /// Least contrast (grey levels) of a marker glyph against the cell background. Default 45.
    pub marker_min_contrast: f32,
    /// Pixels with a larger chroma are not marker ink (the ink is a greyish brown). Default 80.
    pub marker_max_chroma: f32,
    /// A sample above [`Self::marker_max_chroma`] counts as coloured only when at least this
    /// many of its 8 neighbours are above it too: stripes and rings are coloured areas, while
    /// JPEG chroma noise on the brown ink gives isolated spikes. Default 2.
    pub marker_colour_support: usize,
    /// Samples within this many steps of a strongly coloured sample are not ink either.
    /// Default 2.
    pub marker_colour_reach: usize,
    /// Largest width/height (or height/width) ratio of a glyph's bounding box; `=` measures up
    /// to about 2, `x` about 1. Default 3.
    pub marker_max_aspect: f32,
    /// Smallest glyph bounding box (its larger side), as a fraction of the patch side. Default 0.25.
    pub marker_min_extent: f32,
    /// A speck of ink at an edge's middle (dark enough for a glyph, smaller than
    /// [`Self::marker_min_extent`]) is read "no marker" with doubt
    /// ([`Self::marker_intruder_conf`]) rather than at 0.5: on a small capture darkened and
    /// JPEG-compressed a real `x` of 7 pixels measured 4 samples where the board's other `x`
    /// measured 5, and its "no marker" pinned a wrong repair (realhunt 718684). `false`: 0.5.
    /// Default true.
    pub marker_speck_doubted: bool,
    /// Glyph pixels are those above this fraction of the patch's strongest contrast (grid lines
    /// stay below). Default 0.5.
    pub marker_level: f32,
    /// When the glyph kept is a speck (under `marker_min_extent`) and something reaching in
    /// from the patch border that is not the grid line was dropped, the intruder is masked and
    /// the level recomputed from what remains, as when nothing is kept: the intruder's contrast
    /// (a pointer's black tip) can set the level above all of a faint small glyph but one
    /// sample (realhunt 643083: an `=` at 0.41x under the arrow's tip read "no marker" at
    /// 0.5). Default true.
    pub marker_speck_relevel: bool,
    /// Shape score (ink at the middle of the top and bottom strokes minus ink at the centre,
    /// relative to the glyph contrast, -1..=1) at or above which a glyph is `=`; below, `x`.
    /// Default 0.
    pub marker_shape_split: f32,
    /// [`EdgeRead::mid_peak`] as a second view of the glyph's kind: an `x` read is as sure as
    /// this view makes it when its middle row peaks at least `[0]` (confidence 0) to `[1]`
    /// (confidence 1); an `=` when it peaks at most `[2]` (0) to `[3]` (1). The surer view
    /// counts, and a read is never surer than 1 minus this view's confidence in the other
    /// kind. Default `[0.32, 0.48, 0.2, 0.1]` (on the real shots
    /// blurred, down-scaled and noisy, no `=` peaked above 0.32 and no `x` below 0.11).
    pub marker_mid_peak: [f32; 4],
    /// ... the second view counts only on a glyph whose box is at least this many image
    /// pixels (a 4 px glyph's middle row is one or two pixels). Default 5.
    pub marker_mid_peak_min_px: f32,
    /// Markers told apart by the board's own two kinds: when the board's clean glyphs read
    /// `x` and those read `=` (at least `[0]` of each) fall into two groups by their middle
    /// row's peak ([`EdgeRead::mid_peak`]; every `x` above every `=`, the gap at least `[1]`
    /// and at least each group's own spread), a doubted glyph of either group becomes as sure
    /// as `[2]`. One kind of glyph drawn at one size on one board measures alike; on glyphs too
    /// small for the absolute views (see `marker_mid_peak_min_px`) the two kinds still differ
    /// by their centre's ink. `None`: off. Default `Some([2.0, 0.1, 0.6])`.
    pub marker_board_split: Option<[f32; 3]>,
    /// LinkedIn draws every marker of one kind on a board at one size: a glyph whose box is
    /// more than this many times the median of the glyphs read as its kind (at least three,
    /// itself included) has something else in it (a pointer resting on a marker) and is
    /// doubted like a glyph beside an intruder (`marker_intruder_conf`); within a kind, the
    /// real boards at hand measure up to 1.25. `None`: off. Default `Some(1.4)`.
    pub marker_odd_size: Option<f32>,
    /// LinkedIn draws its markers at a fixed share of the cell: on the real captures at hand
    /// every `=` box measures 0.144-0.180 of the pitch, every `x` 0.108-0.144, and blur and
    /// down-scaling add at most 2 pixels (stress renders to 0.3x). A glyph box larger than
    /// `[0]` of the pitch plus `[1]` pixels holds something else (the curved corner of a card
    /// over a hidden `x`, read as a sure `=`: realhunt 527919) and is doubted like a glyph
    /// beside an intruder (`marker_intruder_conf`). Unlike `marker_odd_size` this needs no
    /// other glyph of the kind on the board. `None`: off. Default `Some([0.19, 2.5])`.
    pub marker_max_size: Option<[f32; 2]>,
    /// ... and at one shape: a glyph of at least `[0]` image pixels whose box's aspect (width
    /// over height) differs from the median of the glyphs read as its kind (at least three,
    /// itself included) by more than the factor `[1]` either way is doubted the same way
    /// (pointer-arrow 39800153: a small arrow on a dark board resting on an `x`, its white
    /// outline read with the glyph as an `=` of aspect 0.89 beside the board's `=` of 1.50,
    /// surely; a wrong answer). On the real captures, glyphs of 8 px or more measure within
    /// 1.33 of their kind (1.40 below), and rotated, blurred, recompressed or halved within
    /// 1.5 but for glyphs already doubted and one that is not a marker (rn-tango 161, 1.79).
    /// `None`: off. Default `Some([8.0, 1.5])`.
    pub marker_odd_aspect: Option<[f32; 2]>,
    /// LinkedIn's `=` is wider than tall and its `x` about square: on the real captures at
    /// hand every glyph of at least `[0]` pixels read surely measures (width over height)
    /// 1.29-1.80 as `=` and 0.86-1.33 as `x`. A glyph of that size read as `=` outside
    /// `[1]`..`[2]`, or as `x` outside `[3]`..`[4]`, is part of a glyph or something else
    /// (half an `x` beside a card's edge read as a sure `=` of aspect 0.43: realhunt 607479;
    /// the top halves of two `x` above a card's top edge read as sure `=` of aspect 2.67:
    /// realhunt 698606) and is doubted like a glyph beside an intruder
    /// (`marker_intruder_conf`). Unlike `marker_odd_aspect` this needs no other glyph of the
    /// kind on the board. `None`: off. Default `Some([8.0, 1.0, 2.2, 0.65, 1.55])`.
    pub marker_kind_aspect: Option<[f32; 5]>,
    /// ... and a glyph of at least `[0]` image pixels (below `marker_kind_aspect`'s size) read
    /// as `=` narrower than `[1]` (width over height) is doubted the same way: the two strokes
    /// of an `=` are wider than the gap between them, so it is not taller than wide (real
    /// sure `=` measure 1.0 and up from 4 px). A card's lettering at an edge's middle, read as
    /// a sure `=` of 6 px and aspect 0.64, pinned a wrong answer (realhunt 743136). Under 5 px
    /// the renderer's `=` at 0.3x-0.35x measure less (doubting them cost 45 of 1,600).
    /// `None`: off. Default `Some([5.0, 0.75])`.
    pub marker_eq_min_aspect: Option<[f32; 2]>,
    /// ... and a glyph of at least `[0]` image pixels read as `x` narrower than `[1]` (width
    /// over height) is doubted the same way: LinkedIn's `x` is about square, and on the real
    /// captures at hand every `x` of 5 px or more measures 0.83 or wider. A card's title
    /// lettering across an edge, read as an `x` of 6.3 px and aspect 0.58 (a letter's
    /// stroke, contrast 160 beside the board's markers at 102-104), pinned a wrong answer
    /// with the `=` read from the letter beside it (realhunt 866378). `None`: off.
    /// Default `Some([5.0, 0.65])`.
    pub marker_x_min_aspect: Option<[f32; 2]>,
    /// LinkedIn draws every marker on a board in one colour: a glyph whose contrast with the
    /// cells is more than this many times the median of the board's glyphs (at least three,
    /// itself included) is something else (a black mouse pointer resting on an edge, 1.8
    /// times the median, read `x` and confirmed by the glyph model: pointer-arrow 230199)
    /// and is doubted like a glyph beside an intruder (`marker_intruder_conf`). A dark
    /// board's `=` on a row line measures up to 1.53 times its `x` (themed 177). `None`: off.
    /// Default `Some(1.7)`.
    pub marker_odd_contrast: Option<f32>,
    /// `[ratio, floor]`: an edge read "no marker" from its contrast alone (under
    /// `marker_min_contrast`) whose contrast is at least `floor` of `marker_min_contrast` and
    /// `ratio` times the board's median edge contrast (most edges hold no marker: their patch
    /// shows the grid line only) stands out of the board like a glyph and is doubted like a
    /// glyph beside an intruder (`marker_intruder_conf`): a small blurred glyph falls under
    /// the fixed threshold (realhunt 665284: at 0.62x, blurred, two `x` of contrast 43 and
    /// 44 read "no marker" at 0.55 on a board whose plain edges measure 4-21, a wrong unique
    /// answer; realhunt 744454: a 116x105 capture at 0.44x, blurred, four markers of contrast
    /// 27-28, 2.8 times the board's median 10, read "no marker" at 0.88, and the repair
    /// filled the cut row with `x` instead). 3 -> 2.5 cost 4 of the 15,200 stress renders.
    /// `None`: off. Default `Some([2.5, 0.5])`.
    pub marker_faint_standout: Option<[f32; 2]>,
    /// LinkedIn draws its `x` smaller than its `=` (on the real captures down-scaled 0.35x and
    /// 0.5x, every `x` box measured at most 0.79 times the median `=` of its board, 95% of the
    /// `=` at least 0.89) and with ink at its centre, where an `=` has the gap between its bars
    /// ([`EdgeRead::mid_peak`]). A glyph read `=`, too small for the middle-row view itself
    /// ([`Self::marker_mid_peak_min_px`]), whose middle row peaks at least `[0]` and whose box
    /// is at most `[1]` times the median of the board's other `=` read at least `weak_below`
    /// (two at least) has both signs of an `x`: it is read no surer than `[2]` (doubted).
    /// Among 600 renders at 0.35x and 0.3x, and the real captures down-scaled 0.35x and 0.5x,
    /// 23 glyphs had both signs, 22 of them an `x` read `=` and the other already doubted
    /// (scale-0.35x 6700327: a 3.4 px `x` read `=`, peak 0.21, 0.81 times the board's `=`,
    /// settled by the fitted shapes and the small-glyph view into a wrong answer). Either sign
    /// alone is no reason: 6 of the 182 real `=` down-scaled 0.35x peak at 0.2 or more, and
    /// the peak alone cost three perturbed captures their answers.
    /// `None`: off. Default `Some([0.2, 0.85, 0.45])`.
    pub marker_eq_with_x_signs: Option<[f32; 3]>,
    /// LinkedIn draws every marker of a board in one ink: a glyph whose share of tinted
    /// samples ([`EdgeRead::tinted`]) exceeds the median of the board's glyphs (at least
    /// three) by more than this lies under an overlay (translucent stripes) that changes its
    /// look, where the learned glyph views were not trained: their lift is taken back
    /// ([`EdgeRead::unlifted`]; stripes-over 52380: an `=` under red stripes, tinted 0.71 on a
    /// board of untinted glyphs, read `x` with the glyph model sure of it). Doubting such
    /// glyphs outright cost 2-3 of 150 renders in six stress rows. `None`: off.
    /// Default `Some(0.3)`.
    pub marker_odd_tint: Option<f32>,
    /// ... and a glyph less tinted than that median by more than `marker_odd_tint`, of more
    /// contrast than `marker_untinted_contrast` times the glyphs' median, is not in the
    /// board's ink at all (a black and white hand pointer resting on an `x`, read `=` surely:
    /// pointer-hand 1700376): it is doubted like a glyph beside an intruder
    /// (`marker_intruder_conf`). Default true.
    pub marker_untinted_doubted: bool,
    /// See `marker_untinted_doubted`. Default 1.15.
    pub marker_untinted_contrast: f32,
    /// The learned glyph model ([`crate::models::tango_glyph`]) as a third view of a glyph's
    /// kind, on glyphs of at least [`Self::marker_glyph_min_px`] image pixels: a read it
    /// gives at least `[0]` becomes sure (a confidence of at least `[1]`), and a read whose
    /// other kind it gives at least `[0]` is doubted (confidence at most `[2]`).
    /// `None` turns the view off (the training command reads so, to stay independent of the
    /// embedded models). A read the model confirms counts as strong (at least
    /// [`Self::weak_below`]): held out by source, the model sure of the hand rule's kind was
    /// wrong on none of 4,612 real glyphs (models/README.md). Default `Some([0.995, 0.8, 0.2])`.
    pub marker_glyph_model: Option<[f32; 3]>,
    /// ... on glyphs whose box is at least this many image pixels: under 4 px the model was
    /// sure and wrong on a held-out glyph (models/README.md, by glyph size). Default 4.
    pub marker_glyph_min_px: f32,
    /// The small-glyph model ([`crate::models::tango_glyph_small`]), the glyph model's view
    /// for glyphs of [`Self::marker_small_px`] image pixels (under `marker_glyph_min_px`):
    /// `[sure, lift, cap]` as in `marker_glyph_model`. `None`: off (the training command reads
    /// so). Held out by source, the model was sure (>= 0.995) of the kind the hand rule read on
    /// 1,681 real glyphs of 2-5 px and wrong on none (models/README.md); on the renderer's
    /// glyphs, which are not LinkedIn's, it was sure at 0.9963 of an `x` read `=` and lifted
    /// it into a wrong answer (scale-0.35x 48170), so `sure` is 0.998: the real captures'
    /// perturbation rows are unchanged, two of the project's own fixtures at 0.5x end
    /// uncertain. A read it confirms counts as strong, as above (wrong on none of 1,681 held-out
    /// real glyphs). Default `Some([0.998, 0.8, 0.2])`.
    pub marker_glyph_small_model: Option<[f32; 3]>,
    /// ... on glyphs whose box is from `[0]` up to (not including) `[1]` image pixels.
    /// Default `[2.0, 4.0]`.
    pub marker_small_px: [f32; 2],
    /// Half side of the small-glyph model's patch ([`EdgeRead::small_patch`]), as a fraction
    /// of the cell: LinkedIn's markers are about 0.18 of a cell wide. Default 0.15.
    pub marker_small_half: f32,
    /// A glyph whose box is under `[0]` image pixels is read surely only from a confidence of
    /// `[1]`; under it, its confidence is at most `[2]` (doubted). On the real captures
    /// down-scaled 0.3x-0.5x, reads of 3-4.5 px glyphs with a confidence of 0.5-0.6 were
    /// wrong 9 times in 137 (`=` read `x`), and 1 time in 436 from 0.6 up. `None`: off.
    /// Default `Some([4.5, 0.6, 0.45])`.
    pub marker_small_sure: Option<[f32; 3]>,
    /// A small glyph (under this many image pixels) read weakly (under `weak_below`) that
    /// looks more like a doubted glyph read as its kind than like that kind's glyphs read
    /// surely (by its stroke shape and middle row's peak, [`EdgeRead::stroke_ratio`],
    /// [`EdgeRead::mid_peak`]) is doubted as much: one kind of small glyph misread as the
    /// other comes several to a board, the clearest of them doubted and the rest read weakly
    /// (scale-0.35x 3300329: two 3.8 px `x` read `=`, one doubted at 0.17, the other, of
    /// the same look, at 0.66; the answer with the first free was a wrong one). `None`: off.
    /// Default `Some(4.5)`.
    pub marker_look_alike_px: Option<f32>,
    /// A glyph in the small-glyph view's size range ([`Self::marker_small_px`]) read weakly by
    /// its stroke shape (under `weak_below`) as the kind that view gives less than even odds
    /// is read no surer than this (doubted); a clear shape stands (scale-0.3x 40: an `=` of
    /// shape 0.71 the view gave 0.42) (down-0.35x 4900748: an `=` read `x`
    /// at 0.65 with the small view at 0.80 for `=`; the answer called 9 of the player's 13
    /// pieces wrong). `None`: off. Default `Some(0.45)`.
    pub marker_small_against: Option<f32>,
    /// A glyph under [`Self::marker_small_sure`]'s size read weakly (under `weak_below`) whose
    /// learned view gives the kind read less than this is doubted as such a tiny glyph is
    /// (`marker_small_sure[2]`): neither view is sure of it (down-0.35x 5700520: a 3 px `=`
    /// read `x` at 0.63, the view at 0.67; the answer called a right piece of the player's
    /// wrong). `None`: off. Default `Some(0.8)`.
    pub marker_small_unconfirmed: Option<f32>,
    /// LinkedIn's `=` and `x` shapes ([`crate::models::tango_glyph_shapes`], averaged from
    /// the large glyphs of the real captures) fitted to a glyph doubted and smaller than
    /// `marker_small_sure`'s size, seen whole (nothing coloured masked, no intruder, no overlay
    /// on either cell): when one shape explains the pixels with a residual at least `e^[0]`
    /// times smaller than the other's and the glyph model gives that kind at least `[1]`, the
    /// read becomes that kind with a confidence of at least `[2]`. Held out by source (the
    /// shapes of the other sources), on the real captures down-scaled 0.5x, 0.35x and 0.3x no
    /// wrong fit reached a ratio of 0.2 (models/REPORT.md). The renderer's small glyphs are
    /// drawn with strokes of at least one pixel, unlike LinkedIn's: there the shapes fit about
    /// half of them right, and the worst wrong fit the glyph model also gave (at 0.92) had a
    /// ratio of 1.36 (150 renders at each of 0.35x and 0.3x, a first version of the fit); a
    /// sweep found one at 1.43 with the model at 0.92 (scale-0.3x 700712, a wrong answer at
    /// `[1.4, 0.9]`). At `[1.6, 0.95]` the real captures lose 2 answers of 170 at 0.35x.
    /// `None`: off (the training command reads so). Default `Some([1.6, 0.95, 0.8])`.
    pub marker_shape_view: Option<[f32; 3]>,
    /// The shapes settle nothing on a board where a glyph's fit favours, by a log ratio of at
    /// least `[0]`, the kind the glyph model rejects at `[1]` or more: that board's glyphs are
    /// not LinkedIn's shapes (the renderer's 3-pixel `x`, drawn with one-pixel strokes, fits
    /// the `=` shape; scale-0.35x 701932: two `x` settled as `=`, while three others the model
    /// gave at 0.97-0.996 fitted `=` at 0.26-0.51; scale-0.35x 48170: one `x` settled as `=`,
    /// the contradicting fit 0.19). On the real captures at 0.35x and 0.5x the veto at 0.1
    /// changes no answer. `None`: no veto. Default `Some([0.1, 0.99])`.
    pub marker_shape_veto: Option<[f32; 2]>,
    /// A doubted small glyph whose shape fit favours the other kind than its read by a log
    /// ratio of at least `[0]`, with the glyph model giving that other kind at least `[1]`,
    /// is read as that kind and stays doubted (its confidence unchanged): the best guess of
    /// what it is, which the certify stage still lets vary. Held out, no glyph fitted the
    /// wrong shape by more than 0.197 (models/REPORT.md); when the glyph model is sure of the
    /// other kind, the hand rule's read was wrong 16 times in 19. The read matters because a
    /// puzzle as read with several solutions is repaired only by added clues
    /// ([`crate::certify::CertifyOptions::several_adds_only`]): an `=` read `x` at 3-4 pixels
    /// left the board without an answer. Not on a board the veto above holds.
    /// `None`: off. Default `Some([0.5, 0.5])`.
    pub marker_shape_lean: Option<[f32; 2]>,
    /// Half side of the square of pixels the shapes are fitted to, in cells (LinkedIn's
    /// glyphs are about 0.18 of a cell wide; the square leaves room for the offsets).
    /// Default 0.18.
    pub marker_shape_half: f32,
    /// Largest sub-pixel offset of the fitted shape from the edge midpoint, in image pixels
    /// (tried in steps of half of it, both axes). Default 0.6.
    pub marker_shape_reach: f32,
    /// Largest offset of the glyph's centre from the edge midpoint, as a fraction of the patch
    /// half size. Default 0.5.
    pub marker_max_offset: f32,
    /// Largest glyph bounding box, as a fraction of the patch side. Bigger dark blobs (a mouse
    /// pointer) are not read as markers. Default 0.9.
    pub marker_max_extent: f32,
    /// Confidence of a glyph read after dropping something that reached into the patch from
    /// outside (a pointer). Default 0.3.
    pub marker_intruder_conf: f32,
    /// ... also when what was dropped comes within this many samples of the glyph (a pointer
    /// resting against a marker). Default 2.
    pub marker_touch_reach: usize,
    /// Half width in samples of the grid line's band through an edge patch: when all that
    /// reached the patch border lay in it, it was the line, not a pointer. Default 2.
    pub marker_line_band: usize,
    /// ... and at least this many pixels: on a small board (a pitch of 16 px, a sample about
    /// 0.3 px) the located line can lie a pixel off the patch's middle (scale-0.35x 11000004:
    /// the line 2-3 samples off, read as an intruder, every edge along it doubted).
    /// Default 1.5.
    pub marker_line_band_px: f32,
    /// Reads with a confidence below this are listed as doubts. Default 0.5.
    pub doubt_below: f32,
    /// Reads from `doubt_below` up to this are listed as weak ([`Reading::weak`]): a repaired
    /// answer must stand with them free too. At 0.35x a board's four `x` glyphs of 3 px were
    /// all read `=`, three with doubt and one at 0.67; the repair of the three reached a
    /// unique puzzle that was not the board's (scale-0.35x 44056). Default 0.8.
    pub weak_below: f32,
    /// A board cut at one image edge is read when at least this share of its outer row or
    /// column is in view; its pieces there are doubted (given or not cannot be told), and
    /// what the cut may hide there is free: a cell or marker something runs on past the edge
    /// beside, a marker out of view (`cut_markers_seen`), a cell that may hold an icon out of
    /// view (`cut_icons_seen`). Otherwise the board is refused as cut off. 0.6 refused 57 of
    /// the 75 Tango boards of `stress_variations 150 40`'s cut-edge row (a third to two thirds
    /// in view); 0.35 answered 30 more of that row; 0.27 answers the real captures cut to 30%
    /// on any side (539 of 776 with fixtures, none wrong; renders cut to 27-37%: none wrong
    /// in 600). Default 0.27.
    pub cut_min_visible: f32,
    /// An icon cut through by the image edge is read from the colours of its part in view:
    /// `[share, gap, chroma]`: pixels of at least `chroma` (max - min of R, G, B) vote for the
    /// symbol whose hue on this board is at least `gap` degrees nearer, and one symbol must
    /// take `share` of the votes (at least 1% of the cell's pixels voting); the board's two
    /// hues must lie `2 * gap` apart. The piece's given status stays doubted. `None`: such a
    /// cell is free. Default `Some([0.9, 20.0, 60.0])`.
    pub cut_icon_votes: Option<[f32; 3]>,
    /// ... unless something else is there: `[radius, share]`: strongly coloured pixels
    /// (`cut_icon_votes`' chroma) of the cell's part in view farther than `radius` cells
    /// (plus 1.5 px) from its centre, more than `share` of the votes, leave the cell free.
    /// LinkedIn's sun reaches 0.25 of its cell from the centre and the moon less (realhunt
    /// 979282: a yellow disc over a cut column's given moon, its part in view read as a sure
    /// sun: 147 votes and 64 pixels beyond 0.31; the suns cut beside it: none). A piece the
    /// cells' classifier read on the cut line is tested too, against all the strongly
    /// coloured pixels within the reach (realhunt 1042354: the same disc over a given moon
    /// of a cut row, read as a sun). `None`: off. Default `Some([0.31, 0.1])`.
    pub cut_icon_reach: Option<[f32; 2]>,
    /// A pixel of the cut icon's part in view whose hue lies more than this (degrees) from
    /// both of the board's icon hues votes for neither, and counts against the `share` of
    /// [`Self::cut_icon_votes`]: LinkedIn's icons each have one hue, and a colour that is
    /// neither is something over the cell (realhunt 1065093: a red notification badge, hue
    /// near 0, over a cut given moon on a board whose suns measure about 36; all 1,058 of its
    /// votes went to the nearer sun, and the given moon was lost). On the cut-edge, combo and
    /// combo-captured rows (800 each) a reach of 12 or more changes at most one render in a
    /// row, 8 loses seven. `None`: every coloured pixel votes for the nearer hue.
    /// Default `Some(20.0)`.
    pub cut_icon_hue_reach: Option<f32>,
    /// A piece on a cut line has its given status read from the two corner patches of its
    /// cell on the side in view (each 0.12 of a cell a side, 0.06 in from the corner), against
    /// the same patches of the board's givens and other cells off the cut line (their median
    /// lumas): a given when both patches lie within `share` of the two medians' gap of the
    /// givens' and outside `1 - share` of it, likewise not a given; otherwise (or with fewer
    /// than two cells of either kind, or the medians less than `min_gap` luma apart) it stays
    /// doubted. `[share, min_gap]`; `None`: always doubted. Default `Some([0.25, 6.0])`.
    pub cut_given_shade: Option<[f32; 2]>,
    /// With less than this share of the cut line in view, the markers between two of its
    /// cells (drawn on its centre line, 0.08 of a cell either side) are out of view, and free:
    /// read as none, a repair of a puzzle with several solutions may add the wrong clue in
    /// their place. Default 0.6.
    pub cut_markers_seen: f32,
    /// With less than this share of the cut line in view, a cell there that looks empty may
    /// hold an icon wholly out of view, and is free, as a marker out of view is. Icons are
    /// centred: LinkedIn's (about 0.47 of a cell wide) reach 0.27 of the cell from its inner
    /// line, a small themed one of 0.2 of a cell 0.4. 0.55 cost 25 answers of the perturbation
    /// row `cut-board-45%` and closed no wrong one. Default 0.4.
    pub cut_icons_seen: f32,
    /// On a board cut at one image edge, a themed icon pair (told apart by look, not as sun
    /// and moon) one of whose kinds shows only in the cut line rests on icons cut through:
    /// those pieces' kind is read with doubt (from their colours in view, as a sliver, or
    /// left free) and the pair is not reported (cut-edge 3900581: half a sun taken for a
    /// second icon, a given moon, a wrong answer). Default true.
    pub cut_kind_needs_view: bool,
    /// A themed icon pair one of whose kinds shows only in cells a mouse pointer's box reaches
    /// into ([`crate::vision::occlusion::mark`]) may be the pointer taken for an icon: the icons
    /// in view are named again by their own colours (LinkedIn's moons named suns against a
    /// black and white pointer made the answer every cell's opposite: pointer-arrow 5100259,
    /// pointer-hand 5100181), and the player's pieces of the other kind under the pointer
    /// are dropped ([`name_icons_beside_pointer`]). Default true.
    pub pointer_kind_needs_view: bool,
    /// ... and before they are named as one kind, the icons are read again without the
    /// pointer's cells: when those in view then fall into two kinds, the pointer had been
    /// taken for one kind and the board's two kinds lumped as the other (combo 7700357: a
    /// hand pointer on a themed board of red squares and orange triangles, every icon in view
    /// read as one kind, surely, into a wrong answer). The icons in view take their kinds from
    /// that reading, each as surely as it was read there. Default true.
    pub pointer_reread_in_view: bool,
    /// A themed icon pair read with icons in cells a pointer's box reaches into, whose icons
    /// in view alone read as LinkedIn's sun and moon: what lay under the box (a tooltip or
    /// a card taken for a pointer, its text read as a third icon kind) made the board look
    /// themed, and the names the icons in view got beside it are a guess (foreign
    /// 39800066, 40600552: a given sun and moon named the other way round, wrong answers).
    /// The icons in view take their kinds from that reading, the pieces under the box are
    /// left free ([`name_icons_beside_pointer`]). Default true.
    pub pointer_standard_in_view: bool,
    /// With at least this share of the cut line in view (measured from its inner grid line as
    /// seen), its centre line is in view with a margin, and the part out of view about the
    /// markers' places (the lines between two of its cells) is filled with the mirror image of
    /// the part in view about that centre line, instead of the cells' ground:
    /// LinkedIn's `=` and `x` are symmetric about it, so a marker between two cut cells cut
    /// through is read whole, and is no longer left free for being out of view
    /// (`cut_markers_seen`). A piece there keeps its given status doubted. Above 1: never.
    /// Default 0.52.
    pub cut_mirror_from: f32,
    /// A marker read between two cells of the mirrored cut line (`cut_mirror_from`) is read
    /// no surer than `[1]` (doubted) unless the learned glyph view gives the kind read at least
    /// `[0]`. The mirror joins the part in view to its image at the line's centre, a pixel or
    /// two off at best, and the middle row's view looks at that seam: an `x` whose crossing
    /// lay at the image edge came back with a gap at its centre, read `=` surely by the
    /// middle row's peak while the glyph view gave `=` 0.65 (cut-edge 35000579, a wrong
    /// answer). On 1,200 cut-edge renders the 200 mirrored markers read surely and right all
    /// had the view at 0.96 or more for their kind. `None`: off. Default `Some([0.9, 0.45])`.
    pub cut_mirror_view: Option<[f32; 2]>,
    /// The tangent of the angle between the image's edges and the board's lines: set by the
    /// pipeline from the deskew stage's tilt when it straightened the capture (0 for a
    /// capture read as it is). An image edge that cuts the board then runs slanted across
    /// the cut line, and the share of it in view is taken at its least along the line (the
    /// share at the image's edge less the slant times the board's farthest reach from the
    /// image's centre, about which the capture was turned) for mirroring the line and
    /// leaving its markers and cells free; the board is refused by the share at the edge. A
    /// real capture cut through its last column and tilted 2.6 degrees measured 0.56 in view
    /// at the image's edge, less at the top, where an `x` cut through was mirrored into a
    /// sure `=`: a wrong answer (`examples/realhunt` seed 119283). Not a tunable. Default 0.
    pub cut_edge_slant: f32,
    /// The white point of a capture is this percentile (0..=100) of its channel values.
    /// Default 99.
    pub white_percentile: f32,
    /// A capture whose white point is below this (dimmed, e.g. under a dialog's dark backdrop)
    /// and whose board is not found as it is, is read again contrast-stretched so its white
    /// point becomes white; every brightness threshold then holds. Default 235.
    pub normalise_below: f32,
    /// Largest gain of that stretch (a capture with no white at all is not blown up).
    /// Default 1.6.
    pub max_gain: f32,
    /// A light board found in a capture whose white point is below `normalise_below` is read
    /// on the stretched copy as well (a capture dimmed by 10-20% keeps its board's lines, but
    /// its givens' grey falls under the light theme's brightness range and every given is
    /// doubted). Default true.
    pub normalise_found: bool,
    /// A capture whose longer side is at most this many pixels and whose board is not found
    /// as it is, is located again on a copy enlarged twice (bilinear): on a board of cells
    /// about 20 px the 1 px grid lines, halved by a down-scale, are too faint and thin for the
    /// line detector's reach. Only the lattice comes from the copy; cells and markers are read
    /// on the capture itself. From 720 px, LinkedIn pages of other games (596x597 crops of a
    /// grid puzzle) cost 60 ms more to refuse, and no capture at hand gained. `None`: off.
    /// Default `Some(500)`.
    pub enlarge_below: Option<u32>,
}

impl Default for TangoReadOptions {
    fn default() -> Self {
        TangoReadOptions {
            locate: TangoLocateOptions::default(),
            sparse: sparse::SparseOptions::default(),
            given_min_contrast: 6.0,
            overlay_max_frac: 0.05,
            stripes_min_cells: 2,
            overlay_given_conf: 0.2,
            striped_given_sure: Some([0.6, 6.0, 3.0]),
            overlay_colour_reach: 40.0,
            overlay_max_tinted: 0.1,
            overlay_max_masked: 0.15,
            icon_radius: 0.3,
            spill_radius: 0.42,
            spill_gap_deg: 25.0,
            spill_flat: 12.0,
            spill_occludes: Some(0.3),
            overlay_min_corners: Some(2),
            stripes_max_hue_off: Some(30.0),
            stripes_pattern: true,
            empty_given_occluded: true,
            odd_ground: Some(10.0),
            oversized_icon_ratio: Some(1.3),
            mixed_icon_min_share: Some(0.3),
            outer_unlined_share: Some(0.5),
            unlined_edge_ratio: Some(0.15),
            unlined_noise: Some([2.0, 6.0, 0.3]),
            unlined_places: Some([2.0, 3.0]),
            unlined_min_contrast: 6.0,
            icon_samples: 24,
            icon_delta: 45.0,
            icon_min_frac: 0.14,
            icons_beyond: Some(2),
            moved_row_lines: Some(0.5),
            unlined_givens: true,
            icon_empty_frac: 0.06,
            hue_min_chroma: 40.0,
            hue_bins: [50.0, 75.0, 170.0, 260.0, 330.0],
            cluster_min_separation: 0.6,
            striped_kind_needs_clear: true,
            striped_set_apart_clear_alike: true,
            tinted_across_doubted: true,
            tinted_x_doubted: true,
            veiled_marker_doubted: true,
            half_striped_mirror: true,
            alike_max_hue_spread: 12.0,
            alike_max_frac_gap: 0.25,
            alike_max_shape_gap: 0.09,
            alike_shape_px: 0.5,
            alike_max_fill_gap: 0.15,
            alike_max_luma_gap: 22.0,
            hue_split_min_gap: 10.0,
            cluster_hue_check: true,
            kind_max_spread: Some(1.5),
            kind_max_hue_gap: Some(20.0),
            hue_split_small_group: [2.0, 32.0],
            shape_split_min_band: Some([2.0, 1.0, 0.75]),
            lumped_kind_doubted: true,
            doubted_kind_dropped: true,
            neutral_kind_min_grey: Some(0.9),
            neutral_kind_most: 2,
            mixed_kind_min_share: Some(0.3),
            min_icon_colour: 0.25,
            standard_icon_share: 0.7,
            shape_names_icons: Some(0.15),
            marker_radius: 0.18,
            marker_samples: 21,
            marker_min_contrast: 45.0,
            marker_level: 0.5,
            marker_speck_relevel: true,
            marker_colour_reach: 2,
            marker_min_extent: 0.25,
            marker_speck_doubted: true,
            marker_max_aspect: 3.0,
            marker_max_chroma: 80.0,
            marker_colour_support: 2,
            marker_shape_split: 0.0,
            marker_mid_peak: [0.32, 0.48, 0.2, 0.1],
            marker_mid_peak_min_px: 5.0,
            marker_board_split: Some([2.0, 0.1, 0.6]),
            marker_odd_size: Some(1.4),
            marker_max_size: Some([0.19, 2.5]),
            marker_odd_aspect: Some([8.0, 1.5]),
            marker_kind_aspect: Some([8.0, 1.0, 2.2, 0.65, 1.55]),
            marker_eq_min_aspect: Some([5.0, 0.75]),
            marker_x_min_aspect: Some([5.0, 0.65]),
            marker_odd_contrast: Some(1.7),
            marker_faint_standout: Some([2.5, 0.5]),
            marker_eq_with_x_signs: Some([0.2, 0.85, 0.45]),
            marker_odd_tint: Some(0.3),
            marker_untinted_doubted: true,
            marker_untinted_contrast: 1.15,
            marker_glyph_model: Some([0.995, 0.8, 0.2]),
            marker_glyph_min_px: 4.0,
            marker_glyph_small_model: Some([0.998, 0.8, 0.2]),
            marker_small_px: [2.0, 4.0],
            marker_small_half: 0.15,
            marker_small_sure: Some([4.5, 0.6, 0.45]),
            marker_look_alike_px: Some(4.5),
            marker_small_against: Some(0.45),
            marker_small_unconfirmed: Some(0.8),
            marker_shape_view: Some([1.6, 0.95, 0.8]),
            marker_shape_veto: Some([0.1, 0.99]),
            marker_shape_lean: Some([0.5, 0.5]),
            marker_shape_half: 0.18,
            marker_shape_reach: 0.6,
            marker_max_offset: 0.5,
            marker_max_extent: 0.9,
            marker_intruder_conf: 0.3,
            marker_touch_reach: 2,
            marker_line_band: 2,
            marker_line_band_px: 1.5,
            doubt_below: 0.5,
            weak_below: 0.8,
            cut_min_visible: 0.27,
            cut_icon_votes: Some([0.9, 20.0, 60.0]),
            cut_icon_reach: Some([0.31, 0.1]),
            cut_icon_hue_reach: Some(20.0),
            cut_given_shade: Some([0.25, 6.0]),
            cut_markers_seen: 0.6,
            cut_icons_seen: 0.4,
            cut_kind_needs_view: true,
            pointer_kind_needs_view: true,
            pointer_reread_in_view: true,
            pointer_standard_in_view: true,
            cut_mirror_from: 0.52,
            cut_mirror_view: Some([0.9, 0.45]),
            cut_edge_slant: 0.0,
            white_percentile: 99.0,
            normalise_below: 235.0,
            max_gain: 1.6,
            normalise_found: true,
            enlarge_below: Some(500),
        }
    }
}

/// Number of bins of the icon colour histogram.
pub const ICON_BINS: usize = 7;

/// What was measured in one cell.
#[derive(Clone, Debug)]
pub struct CellRead {
    /// Cell.
    pub pos: Pos,
    /// Background colour (median of the corner patches).
    pub bg: [f32; 3],
    /// Locked given cell (grey background).
    pub given: bool,
    /// Confidence of `given`, 0..=1.
    pub given_conf: f32,
    /// Fraction of strongly coloured background samples (an overlay over the cell).
    pub overlay: f32,
    /// The cell's corners that hold a strongly coloured background sample, one bit each (0
    /// to 3: top left, top right, bottom left, bottom right): LinkedIn's stripes run across
    /// the whole cell (see [`TangoReadOptions::overlay_min_corners`]).
    pub overlay_corners: u8,
    /// How far the cell's background lies below the darker of the board's two grounds (the
    /// median luma of the empty cells and of the givens in the clear), 0 when not below: see
    /// [`TangoReadOptions::odd_ground`].
    pub dimmed: f32,
    /// Median colour of those strongly coloured samples, if any.
    pub overlay_colour: Option<[f32; 3]>,
    /// The neutral background is out of the theme's brightness range (lit by the win shimmer
    /// in dark mode, dimmed in light mode): whether the cell is a given cannot be told.
    pub lit: bool,
    /// Fraction of the icon disc that differs from the background.
    pub icon_frac: f32,
    /// Icon colour histogram (red-orange, yellow, green, blue, purple, dark, light).
    pub hist: [f32; ICON_BINS],
    /// Mean hue of the icon's coloured pixels (degrees), if it has any.
    pub hue: Option<f32>,
    /// How the icon's samples lie in its disc (radius 1): the centroid's offset from their
    /// bounding box's centre (x, y) and their mean squared distance from the centroid, all
    /// independent of where the icon sits in the cell. One icon kind measures alike in every
    /// cell; two kinds of one colour and size (a diamond and a triangle) do not.
    pub shape: [f32; 3],
    /// The share of the bounding box of the icon's samples that they fill: a disc about 0.79,
    /// a diamond or a triangle about 0.5, a square near 1, wherever the icon sits.
    pub fill: f32,
    /// Mean luma of the icon's samples (0 without any): two kinds of one hue, size and shape
    /// can still differ in lightness (a dark red square and a light red disc).
    pub icon_luma: f32,
    /// Share of a ring round the icon (at [`TangoReadOptions::spill_radius`] of the cell from
    /// its centre, away from the four marker places) that differs from the background as an
    /// icon does, in one flat colour ([`TangoReadOptions::spill_flat`]; under
    /// [`TangoReadOptions::spill_occludes`], the share of all the samples that differ):
    /// LinkedIn's icons end well inside it; something over the cell and beyond (a tooltip, a
    /// card) does not.
    pub spill: f32,
    /// Symbol read, if any.
    pub symbol: Option<Symbol>,
    /// Confidence of the symbol / empty read, 0..=1.
    pub conf: f32,
}

impl CellRead {
    /// Something not LinkedIn's lies over the cell and beyond its icon's place
    /// ([`TangoReadOptions::spill_occludes`]).
    pub fn spilled(&self, opts: &TangoReadOptions) -> bool {
        (opts.spill_occludes.is_some_and(|t| self.spill >= t) && !self.striped(opts) && !self.lit)
            || self.patched(opts)
    }

    /// Shaded as a given but no icon read ([`TangoReadOptions::empty_given_occluded`]), or
    /// shaded as neither ([`TangoReadOptions::odd_ground`]).
    pub fn icon_hidden(&self, opts: &TangoReadOptions) -> bool {
        let empty_given = opts.empty_given_occluded && self.given && self.symbol.is_none();
        let odd = opts.odd_ground.is_some_and(|d| self.dimmed > d);
        (empty_given || odd) && !self.lit && !self.striped(opts)
    }

    /// Coloured over part of it only, in fewer corners than
    /// [`TangoReadOptions::overlay_min_corners`], or in a colour that is not red
    /// ([`TangoReadOptions::stripes_max_hue_off`]): not LinkedIn's stripes, something over it.
    pub fn patched(&self, opts: &TangoReadOptions) -> bool {
        self.striped(opts)
            && (opts
                .overlay_min_corners
                .is_some_and(|m| self.overlay_corners.count_ones() < u32::from(m))
                || self.off_red(opts))
    }

    /// Covered by an overlay whose colour is not red ([`TangoReadOptions::stripes_max_hue_off`]).
    pub fn off_red(&self, opts: &TangoReadOptions) -> bool {
        match (opts.stripes_max_hue_off, self.overlay_colour) {
            (Some(off), Some(c)) => {
                let h = cells::hue(c);
                h.min(360.0 - h) > off
            }
            _ => false,
        }
    }

    /// Covered by an overlay (rule-break stripes): more than
    /// [`TangoReadOptions::overlay_max_frac`] of its background samples strongly coloured.
    pub fn striped(&self, opts: &TangoReadOptions) -> bool {
        self.overlay > opts.overlay_max_frac
    }
}

/// What was measured on one edge.
#[derive(Clone, Debug)]
pub struct EdgeRead {
    /// Edge.
    pub edge: Edge,
    /// Strongest contrast in the patch (grey levels).
    pub contrast: f32,
    /// Fraction of the middle of the patch (its central half) masked as coloured overlay.
    pub masked: f32,
    /// Part of `masked` that a striped neighbour's plain stripes over its background do not
    /// explain: something (a glyph) may lie under translucent stripes there.
    pub veiled: f32,
    /// Share of the glyph's samples coloured beyond `locate.neutral_chroma` (marker ink is
    /// near-neutral): tinted by an overlay over it (0 when no glyph).
    pub tinted: f32,
    /// Chroma of the glyph's strongest sample (0 when no glyph).
    pub ink_chroma: f32,
    /// Glyph bounding box width / height (0 when no glyph).
    pub aspect: f32,
    /// Shape score: positive for `=`, negative for `x` (see [`TangoReadOptions::marker_shape_split`]).
    pub stroke_ratio: f32,
    /// Glyph bounding box's larger side over the patch side (0 when no glyph).
    pub extent: f32,
    /// Share of the patch samples that are glyph ink (0 when no glyph).
    pub ink_frac: f32,
    /// Offset of the glyph's centre from the edge midpoint, over the patch half size.
    pub off_centre: f32,
    /// Peak of the glyph's middle row: its ink at the centre minus its ink two thirds of the
    /// way to either side, over the glyph's contrast, sampled at the image's resolution. An
    /// `x` crosses at its centre and is open at its sides (high); an `=` has a gap there, or,
    /// blurred, an even band (near 0). 0 when no glyph.
    pub mid_peak: f32,
    /// The glyph box's larger side in image pixels (0 when no glyph).
    pub glyph_px: f32,
    /// The glyph seen at the image's resolution, for the glyph model
    /// ([`crate::models::tango_glyph`]): a square 1.5 times the glyph box, 9x9 cells each the
    /// mean of 3x3 samples, ink over the glyph's contrast, folded by both mirror symmetries
    /// (`=` and `x` have both) into 5x5, row-major from the centre out. Zeros when no glyph.
    pub glyph_patch: [f32; 25],
    /// The glyph seen at the board's scale, for the small-glyph model
    /// ([`crate::models::tango_glyph_small`]): as `glyph_patch`, but centred on the glyph's ink
    /// centroid and [`TangoReadOptions::marker_small_half`] cells wide on either side, whatever
    /// box the thresholded samples gave (on a glyph of a few pixels the box is a pixel more or
    /// less, the cell's size is not). Zeros when no glyph.
    pub small_patch: [f32; 25],
    /// The glyph model's probability of the kind read (`None` when not asked: no glyph, or
    /// [`TangoReadOptions::marker_glyph_model`] off).
    pub glyph_p: Option<f32>,
    /// The shape that fits the glyph better and the log ratio of the other's residual to its
    /// own ([`TangoReadOptions::marker_shape_view`]; `None` when not fitted: only small
    /// glyphs seen whole on a board with a doubted one to settle are).
    pub shape_fit: Option<(Marker, f32)>,
    /// Read as the kind the shapes and the glyph model both favour, against the stroke
    /// measures ([`TangoReadOptions::marker_shape_lean`]); the read stays doubted and is not
    /// lifted by the board's two kinds. `glyph_p` is then the model's probability of this kind.
    pub leaned: bool,
    /// The glyph was seen whole: nothing coloured masked in its patch, no intruder, no
    /// overlay on either cell (the learned views and the shapes only lift such glyphs).
    pub seen_whole: bool,
    /// Something reaching into the patch from outside (a pointer) was dropped.
    pub intruder: bool,
    /// Marker read.
    pub marker: Option<Marker>,
    /// Confidence, 0..=1.
    pub conf: f32,
    /// The confidence the read would have without the learned views' lift (equal to `conf`
    /// where they did not lift it).
    pub unlifted: f32,
}

/// Where the reader sampled the image (original pixels), for the debug view.
#[derive(Clone, Debug, Default)]
pub struct SamplingPoints {
    /// Centres of the corner patches of every cell (background samples).
    pub corners: Vec<(f32, f32)>,
    /// Icon discs: `(centre x, centre y, radius)`.
    pub icons: Vec<(f32, f32, f32)>,
    /// Marker patches: `(centre x, centre y, half size)`.
    pub markers: Vec<(f32, f32, f32)>,
}

impl SamplingPoints {
    fn new(grid: &Grid, edges: &[EdgeRead], opts: &TangoReadOptions) -> SamplingPoints {
        let p = grid.cell_w.min(grid.cell_h);
        let mut out = SamplingPoints::default();
        for pos in (0..grid.rows).flat_map(|r| (0..grid.cols).map(move |c| Pos::new(r, c))) {
            let (cx, cy) = grid.center(pos);
            out.icons.push((cx, cy, opts.icon_radius * p));
            let x0 = grid.left + pos.col as f32 * grid.cell_w;
            let y0 = grid.top + pos.row as f32 * grid.cell_h;
            for &(u, v) in &[(0.15f32, 0.15f32), (0.85, 0.15), (0.15, 0.85), (0.85, 0.85)] {
                out.corners
                    .push((x0 + u * grid.cell_w, y0 + v * grid.cell_h));
            }
        }
        for e in edges {
            let (ex, ey) = grid.edge_center(e.edge);
            out.markers.push((ex, ey, opts.marker_radius * p));
        }
        out
    }
}

/// What each stage of the Tango reader produced, with timings, for the debug pictures and
/// performance reports (as [`crate::vision::queens::QueensTrace`]).
#[derive(Clone, Debug, Default)]
pub struct TangoTrace {
    /// The locator's line candidates and candidate lattices.
    pub survey: LocateSurvey,
    /// The chosen lattice, when one was found.
    pub lattice: Option<TangoLattice>,
    /// Where cells and edges were sampled (empty when no lattice was found).
    pub sampling: SamplingPoints,
    /// Per cell, row-major.
    pub cells: Vec<CellRead>,
    /// Per edge.
    pub edges: Vec<EdgeRead>,
    /// Reads below this confidence were doubted ([`TangoReadOptions::doubt_below`]).
    pub doubt_below: f32,
    /// Wall time of each stage, in order.
    pub timings: Vec<(&'static str, Duration)>,
}

/// Reads a Tango puzzle from a screenshot.
pub fn read_tango(img: &RgbImage, opts: &TangoReadOptions) -> Result<Reading, ReadError> {
    read_tango_traced(img, opts).0
}

/// [`read_tango`], also returning what each stage produced.
pub fn read_tango_traced(
    img: &RgbImage,
    opts: &TangoReadOptions,
) -> (Result<Reading, ReadError>, TangoTrace) {
    let mut trace = TangoTrace {
        doubt_below: opts.doubt_below,
        ..TangoTrace::default()
    };
    let result = read_into(img, opts, &mut trace);
    (result, trace)
}

fn read_into(
    img: &RgbImage,
    opts: &TangoReadOptions,
    trace: &mut TangoTrace,
) -> Result<Reading, ReadError> {
    let mut clock = Instant::now();
    let mut lap = |trace: &mut TangoTrace, name: &'static str| {
        let now = Instant::now();
        trace.timings.push((name, now - clock));
        clock = now;
    };
    let (mut located, mut survey) = locate::locate_tango_traced(img, &opts.locate);
    // A dimmed capture whose board is not found as it is: once more, stretched to white.
    let mut normalised = None;
    if matches!(located, Err(ReadError::NoBoard(_)))
        && let Some(bright) = normalise(img, opts)
    {
        (located, survey) = locate::locate_tango_traced(&bright, &opts.locate);
        normalised = Some(bright);
    } else if opts.normalise_found && matches!(&located, Ok(l) if l.theme == Theme::Light) {
        // A light board found in a dimmed capture: read on the stretched copy, where a
        // given's grey and a plain cell's white are where the thresholds expect them (the
        // lattice stays: a stretch moves no pixel).
        normalised = normalise(img, opts);
    }
    let img = normalised.as_ref().unwrap_or(img);
    // A small capture whose board is not found as it is: located once more on an enlarged copy.
    if matches!(located, Err(ReadError::NoBoard(_)))
        && opts
            .enlarge_below
            .is_some_and(|side| img.width().max(img.height()) <= side)
    {
        let (w, h) = img.dimensions();
        let big = image::imageops::resize(img, 2 * w, 2 * h, image::imageops::FilterType::Triangle);
        // At full size only: a working size that halves the copy again is the capture's.
        let full = locate::TangoLocateOptions {
            work_max_sides: vec![2 * w.max(h)],
            ..opts.locate.clone()
        };
        let (big_located, big_survey) = locate::locate_tango_traced(&big, &full);
        if !matches!(big_located, Err(ReadError::NoBoard(_))) {
            located = big_located.map(|l| halved(&l));
            survey = locate::LocateSurvey {
                lines: big_survey.lines.iter().map(|l| halved_line(*l)).collect(),
                candidates: big_survey.candidates.iter().map(halved).collect(),
                second: big_survey.second.iter().map(halved).collect(),
                cut_board: big_survey.cut_board.as_ref().map(halved),
                ..big_survey
            };
        }
    }
    // A board cut at one image edge, its outer cells mostly in view: read on a copy of the
    // image extended past that edge with the cells' own ground.
    let extended = match (&located, &survey.cut_board) {
        (Err(ReadError::CutOff { side }), Some(cut)) => extend_cut(img, cut, *side, opts),
        _ => None,
    };
    if let Some(ext) = &extended {
        located = Ok(TangoLattice {
            grid: ext.grid,
            cut: None,
            ..ext.lattice.clone()
        });
    }
    let img = extended.as_ref().map_or(img, |e| &e.image);
    // No grid lines anywhere: a board brightened to white may still be placed from its pieces.
    let from_pieces = match &located {
        Err(ReadError::NoBoard(_)) => sparse::locate_from_pieces(img, &opts.sparse)
            .map(|grid| (grid, background::tango_cells(img, &grid, &opts.locate)))
            .filter(|(_, (tango_like, _))| *tango_like >= opts.locate.min_tango_cells)
            .map(|(grid, (_, theme))| (grid, theme)),
        _ => None,
    };
    lap(trace, "locate");
    trace.survey = survey;
    let (grid, theme, unlined) = match (located, from_pieces) {
        (_, Some((grid, theme))) => (grid, theme, None),
        (located, None) => {
            let located = located?;
            trace.lattice = Some(located.clone());
            (located.grid, located.theme, located.unlined)
        }
    };
    let mut grid = grid;
    let mut cells = read_cell_symbols(img, &grid, theme, opts);
    let found = grid;
    if extended.is_none() && from_pieces.is_none() {
        (grid, cells) = settle_extent(img, grid, cells, theme, opts)?;
    }
    if grid == found
        && opts.unlined_givens
        && let Some(u) = unlined
    {
        check_unlined(&grid, &cells, u)?;
    }
    lap(trace, "cells");
    let mut edges = read_edges(img, &grid, theme, &cells, opts);
    if let Some(ext) = extended.as_ref().filter(|e| e.mirrored) {
        doubt_mirrored_markers(&mut edges, ext.side, &grid, opts);
    }
    lap(trace, "edges");
    let mut reading = assemble(&grid, theme, &cells, &edges, opts);
    let cut = extended.as_ref().map(|e| e.side);
    let unseen = occlude_unlined(&mut reading, img, &grid, &cells, cut, opts);
    if extended.is_none()
        && let Some(share) = opts.outer_unlined_share
        && let Some(side) = unlined_outer_line(&grid, &unseen, &cells, share)
    {
        return Err(ReadError::NoBoard(format!(
            "the grid found runs past the board: its {side} line of cells has no grid lines"
        )));
    }
    let no_givens = matches!(&reading.puzzle, Puzzle::Tango(t) if t.givens().count() == 0);
    if from_pieces.is_some() {
        doubt_unread_glyphs(&mut reading, img, &grid, opts);
    }
    if from_pieces.is_some() && no_givens {
        // No grid lines and no given shading either.
        // Every piece becomes a given (see [`sparse`] for why that cannot turn into a wrong
        // answer).
        reading.take_pieces_as_givens();
    }
    if let Some(ext) = &extended {
        doubt_cut_line(&mut reading, ext, opts);
    }
    let checked = check_icons(&cells, opts);
    lap(trace, "check");
    // The learned models decide nothing here (they did not beat the hand rules on the
    // leave-one-source-out figure, see models/README.md); the reading carries their
    // probabilities.
    reading.probabilities = Some(model_probs(&cells, &edges, theme, opts));
    lap(trace, "models");
    trace.sampling = SamplingPoints::new(&grid, &edges, opts);
    trace.cells = cells;
    trace.edges = edges;
    checked.map(|()| reading)
}

/// A board placed from its pieces (no grid lines seen): an edge whose midpoint shows a marker
/// glyph ([`sparse::glyph_edges`]) where no marker, or the other kind, was read without doubt
/// is doubted (confidence 0): the washed-out page's glyphs are pale, and the edge reader,
/// made for LinkedIn's dark glyphs, may lose them.
fn doubt_unread_glyphs(
    reading: &mut Reading,
    img: &RgbImage,
    grid: &Grid,
    opts: &TangoReadOptions,
) {
    let Puzzle::Tango(t) = &reading.puzzle else {
        return;
    };
    let doubted: Vec<Edge> = reading
        .doubts
        .iter()
        .filter_map(|d| match *d {
            Doubt::Edge { edge, .. } => Some(edge),
            Doubt::Cell { .. } => None,
        })
        .collect();
    let unread: Vec<Edge> = sparse::glyph_edges(img, grid, &opts.sparse)
        .into_iter()
        .filter(|&(e, cross)| {
            let kind = if cross {
                Marker::Opposite
            } else {
                Marker::Same
            };
            t.marker(e) != Some(kind) && !doubted.contains(&e)
        })
        .map(|(e, _)| e)
        .chain(
            sparse::ink_edges(img, grid, &opts.sparse)
                .into_iter()
                .filter(|&e| t.marker(e).is_none() && !doubted.contains(&e)),
        )
        .collect();
    let mut unread = unread;
    unread.sort_unstable();
    unread.dedup();
    for edge in unread {
        reading
            .weak
            .retain(|d| !matches!(*d, Doubt::Edge { edge: e, .. } if e == edge));
        reading.doubts.insert(
            0,
            Doubt::Edge {
                edge,
                confidence: 0.0,
            },
        );
    }
    reading.min_confidence = reading
        .doubts
        .iter()
        .map(|d| match *d {
            Doubt::Edge { confidence, .. } | Doubt::Cell { confidence, .. } => confidence,
        })
        .fold(reading.min_confidence, f32::min);
}

/// A cut board's image extended past the cut (see [`TangoReadOptions::cut_min_visible`]).
struct Extended {
    /// The capture with the missing part of the board filled with the cells' ground.
    image: RgbImage,
    /// The lattice in the extended image.
    grid: Grid,
    /// The lattice as found, in the capture's pixels.
    lattice: TangoLattice,
    /// The image edge that cuts the board.
    side: Side,
    /// The share of the cut row's or column's cells in view.
    visible: f32,
    /// The part out of view was filled with the mirror image of the cut line's part in view
    /// ([`TangoReadOptions::cut_mirror_from`]).
    mirrored: bool,
    /// The capture's outermost pixel line at that edge, in the extended image (a column for
    /// left and right, a row for top and bottom).
    border: u32,
    /// The cells' ground the image was extended with.
    ground: [f32; 3],
    /// The board's other colours that run on to the border without anything being cut there:
    /// a given's shaded ground and the grid lines (a line between two cut cells meets the
    /// border where the marker between them would).
    plain: [[f32; 3]; 2],
}

impl Extended {
    /// [`Extended::ink_at_border`] within `half` a cell, along the border, of the point
    /// `(x, y)` (extended image pixels).
    fn ink_at_border_near(&self, (x, y): (f32, f32), half: f32, min_diff: f32) -> bool {
        let g = &self.grid;
        let (from, to) = match self.side {
            Side::Left | Side::Right => (y - half * g.cell_h, y + half * g.cell_h),
            Side::Top | Side::Bottom => (x - half * g.cell_w, x + half * g.cell_w),
        };
        self.ink_at_border(from, to, min_diff)
    }

    /// Whether anything but the cells' ground (an icon or a glyph running on past the edge)
    /// touches the capture's border between `from` and `to` (extended image pixels, along the
    /// border): the two outermost pixel lines, any channel `min_diff` or more off the ground.
    fn ink_at_border(&self, from: f32, to: f32, min_diff: f32) -> bool {
        let (w, h) = self.image.dimensions();
        let along = if matches!(self.side, Side::Left | Side::Right) {
            h
        } else {
            w
        };
        let lo = from.max(0.0).floor() as u32;
        let hi = (to.ceil().max(0.0) as u32).min(along);
        let lines: [u32; 2] = match self.side {
            Side::Left | Side::Top => [self.border, self.border + 1],
            Side::Right | Side::Bottom => [self.border, self.border.saturating_sub(1)],
        };
        (lo..hi).any(|t| {
            lines.iter().any(|&l| {
                let (x, y) = match self.side {
                    Side::Left | Side::Right => (l, t),
                    Side::Top | Side::Bottom => (t, l),
                };
                let off = |p: [u8; 3], c: [f32; 3]| {
                    p.iter()
                        .zip(c)
                        .any(|(&v, g)| (f32::from(v) - g).abs() >= min_diff)
                };
                x < w && y < h && {
                    let p = self.image.get_pixel(x, y).0;
                    off(p, self.ground) && self.plain.iter().all(|&c| off(p, c))
                }
            })
        })
    }
}

/// The extended image of a board cut at `side`, when enough of its outer line is in view and
/// the board is whole on its other sides.
fn extend_cut(
    img: &RgbImage,
    lattice: &TangoLattice,
    side: Side,
    opts: &TangoReadOptions,
) -> Option<Extended> {
    let g = lattice.grid;
    let (w, h) = (img.width() as f32, img.height() as f32);
    // How far the board runs out of the image on each side (pixels; <= 0 inside).
    let out = [
        -g.left,
        g.left + g.width() - w,
        -g.top,
        g.top + g.height() - h,
    ];
    let (k, pitch) = match side {
        Side::Left => (0, g.cell_w),
        Side::Right => (1, g.cell_w),
        Side::Top => (2, g.cell_h),
        Side::Bottom => (3, g.cell_h),
    };
    let missing = out[k];
    // The least share in view along the line: an image edge slanted across it (a capture
    // straightened) cuts deeper at one end.
    // The straightened image was turned about its centre: its edge meets the image's edge
    // there and departs from it by the slant times the distance along.
    let reach = match side {
        Side::Left | Side::Right => (g.top - h / 2.0)
            .abs()
            .max((g.top + g.height() - h / 2.0).abs()),
        Side::Top | Side::Bottom => (g.left - w / 2.0)
            .abs()
            .max((g.left + g.width() - w / 2.0).abs()),
    };
    let at_edge = 1.0 - missing / pitch;
    let visible = at_edge - opts.cut_edge_slant.abs() * reach / pitch;
    // The board's other borders lie in the image (a lattice fitted to a board cropped tight
    // may overshoot the image edge by a few pixels).
    let whole_elsewhere = out
        .iter()
        .enumerate()
        .all(|(i, &o)| i == k || o <= 0.1 * pitch);
    if !(missing > 0.0 && at_edge >= opts.cut_min_visible && whole_elsewhere) {
        return None;
    }
    // The ground of the cells that are not givens (light: the lighter ones; dark: the darker).
    let in_cut_line = |r: usize, c: usize| match side {
        Side::Left => c == 0,
        Side::Right => c + 1 == g.cols,
        Side::Top => r == 0,
        Side::Bottom => r + 1 == g.rows,
    };
    let mut grounds: Vec<[f32; 3]> = (0..g.rows)
        .flat_map(|r| (0..g.cols).map(move |c| (r, c)))
        .filter(|&(r, c)| !in_cut_line(r, c))
        .map(|(r, c)| background::cell_background(img, &g, r, c, &opts.locate))
        .collect();
    grounds.sort_by(|a, b| luma(*a).total_cmp(&luma(*b)));
    let pick = match lattice.theme {
        Theme::Light => grounds.len() * 3 / 4,
        Theme::Dark => grounds.len() / 4,
    };
    let ground = *grounds.get(pick.min(grounds.len().saturating_sub(1)))?;
    // A given's ground: the other end of the same order.
    let shaded = match lattice.theme {
        Theme::Light => grounds[grounds.len() / 10],
        Theme::Dark => grounds[(grounds.len() * 9 / 10).min(grounds.len() - 1)],
    };
    // The grid lines: the inner lines' pixels between a cell's centre line and its corners
    // (off the markers drawn on the centre lines), per-channel median.
    let vertical = (1..g.cols).flat_map(|k| {
        (0..g.rows).flat_map(move |r| {
            [0.2, 0.8].map(|f| {
                (
                    g.left + k as f32 * g.cell_w,
                    g.top + (r as f32 + f) * g.cell_h,
                )
            })
        })
    });
    let horizontal = (1..g.rows).flat_map(|k| {
        (0..g.cols).flat_map(move |c| {
            [0.2, 0.8].map(|f| {
                (
                    g.left + (c as f32 + f) * g.cell_w,
                    g.top + k as f32 * g.cell_h,
                )
            })
        })
    });
    let on_lines: Vec<[u8; 3]> = vertical
        .chain(horizontal)
        .filter(|&(x, y)| {
            x >= 0.0
                && y >= 0.0
                && (x.round() as u32) < img.width()
                && (y.round() as u32) < img.height()
        })
        .map(|(x, y)| img.get_pixel(x.round() as u32, y.round() as u32).0)
        .collect();
    let line = if on_lines.is_empty() {
        ground
    } else {
        std::array::from_fn(|ch| {
            let mut v: Vec<u8> = on_lines.iter().map(|p| p[ch]).collect();
            v.sort_unstable();
            f32::from(v[v.len() / 2])
        })
    };
    let fill = image::Rgb(ground.map(|v| v.round().clamp(0.0, 255.0) as u8));
    let pad = (missing + 0.25 * pitch).ceil() as u32;
    let (ew, eh, dx, dy) = match side {
        Side::Left => (img.width() + pad, img.height(), pad, 0),
        Side::Right => (img.width() + pad, img.height(), 0, 0),
        Side::Top => (img.width(), img.height() + pad, 0, pad),
        Side::Bottom => (img.width(), img.height() + pad, 0, 0),
    };
    let mut image = RgbImage::from_pixel(ew, eh, fill);
    image::imageops::replace(&mut image, img, i64::from(dx), i64::from(dy));
    let grid = Grid {
        left: g.left + dx as f32,
        top: g.top + dy as f32,
        ..g
    };
    // The cut line's centre from its inner grid line as seen (the lattice's pitch, a fraction
    // of a pixel off, puts the far lines a few pixels off).
    let mirror_about = (visible >= opts.cut_mirror_from)
        .then(|| cut_line_centre(img, &g, side, line))
        .flatten()
        .filter(|&(_, seen)| seen >= opts.cut_mirror_from)
        .map(|(c, _)| c);
    if let Some(c) = mirror_about {
        let shift = match side {
            Side::Left | Side::Right => dx as f32,
            Side::Top | Side::Bottom => dy as f32,
        };
        mirror_cut_line(&mut image, img, &grid, side, (dx, dy), c + shift);
    }
    let border = match side {
        Side::Left => pad,
        Side::Top => pad,
        Side::Right => img.width() - 1,
        Side::Bottom => img.height() - 1,
    };
    Some(Extended {
        image,
        grid,
        lattice: lattice.clone(),
        side,
        border,
        ground,
        plain: [shaded, line],
        visible,
        mirrored: mirror_about.is_some(),
    })
}

/// Doubts the markers read between two cells of a mirrored cut line that the learned glyph
/// view does not confirm (see [`TangoReadOptions::cut_mirror_view`]).
fn doubt_mirrored_markers(edges: &mut [EdgeRead], side: Side, g: &Grid, opts: &TangoReadOptions) {
    let Some([view, cap]) = opts.cut_mirror_view else {
        return;
    };
    let line: Vec<Edge> = cut_line(side, g.rows, g.cols)
        .windows(2)
        .filter_map(|pair| Edge::between(pair[0], pair[1]))
        .collect();
    for r in edges.iter_mut().filter(|r| line.contains(&r.edge)) {
        if r.marker.is_some() && r.glyph_p.is_none_or(|p| p < view) {
            r.conf = r.conf.min(cap);
        }
    }
}

/// The cells of the outer row or column a cut at `side` runs through, in order.
fn cut_line(side: Side, rows: usize, cols: usize) -> Vec<Pos> {
    match side {
        Side::Left => (0..rows).map(|r| Pos::new(r, 0)).collect(),
        Side::Right => (0..rows).map(|r| Pos::new(r, cols - 1)).collect(),
        Side::Top => (0..cols).map(|c| Pos::new(0, c)).collect(),
        Side::Bottom => (0..cols).map(|c| Pos::new(rows - 1, c)).collect(),
    }
}

/// The centre of the cut line (capture pixels, along the cut axis) and its share in view,
/// from the inner grid line beside it as seen: the pixel line within a tenth of a cell of the
/// lattice's whose samples (off the cells' middles, where markers sit) are nearest the grid
/// lines' colour `line`, plus half a cell. `None` when that line is not in the image.
fn cut_line_centre(img: &RgbImage, g: &Grid, side: Side, line: [f32; 3]) -> Option<(f32, f32)> {
    let (w, h) = (img.width() as f32, img.height() as f32);
    let (inner, pitch, across, n_along, extent) = match side {
        Side::Left => (g.left + g.cell_w, g.cell_w, g.cell_h, g.rows, w),
        Side::Right => (
            g.left + (g.cols - 1) as f32 * g.cell_w,
            g.cell_w,
            g.cell_h,
            g.rows,
            w,
        ),
        Side::Top => (g.top + g.cell_h, g.cell_h, g.cell_w, g.cols, h),
        Side::Bottom => (
            g.top + (g.rows - 1) as f32 * g.cell_h,
            g.cell_h,
            g.cell_w,
            g.cols,
            h,
        ),
    };
    let start = match side {
        Side::Left | Side::Right => g.top,
        Side::Top | Side::Bottom => g.left,
    };
    let reach = (0.1 * pitch).max(2.0);
    let (lo, hi) = (
        (inner - reach).floor() as i64,
        (inner + reach).ceil() as i64,
    );
    let mut best: Option<(f32, i64)> = None;
    for t in lo..=hi {
        if t < 0 || t as f32 >= extent {
            continue;
        }
        let mut sum = 0.0f32;
        let mut count = 0usize;
        for k in 0..n_along {
            for f in [0.15, 0.25, 0.75, 0.85] {
                let a = (start + (k as f32 + f) * across).round();
                let (x, y) = match side {
                    Side::Left | Side::Right => (t as f32, a),
                    Side::Top | Side::Bottom => (a, t as f32),
                };
                if x < 0.0 || y < 0.0 || x >= w || y >= h {
                    continue;
                }
                let p = img.get_pixel(x as u32, y as u32).0;
                sum += p
                    .iter()
                    .zip(line)
                    .map(|(&v, l)| (f32::from(v) - l).abs())
                    .sum::<f32>();
                count += 1;
            }
        }
        if count == 0 {
            continue;
        }
        let score = sum / count as f32;
        if best.is_none_or(|(s, _)| score < s) {
            best = Some((score, t));
        }
    }
    let (_, t) = best?;
    let at = t as f32 + 0.5;
    Some(match side {
        Side::Left => (at - 0.5 * pitch, at / pitch),
        Side::Right => (at + 0.5 * pitch, (extent - at) / pitch),
        Side::Top => (at - 0.5 * pitch, at / pitch),
        Side::Bottom => (at + 0.5 * pitch, (extent - at) / pitch),
    })
}

/// Fills the part of the cut line out of view about the markers' places (the lines between
/// two of its cells), in the extended `image` (the capture `img` at `offset`), with the mirror
/// image of its part in view about the line's centre `centre` (extended pixels), out to the
/// board's outer line and a tenth of a cell beyond.
fn mirror_cut_line(
    image: &mut RgbImage,
    img: &RgbImage,
    grid: &Grid,
    side: Side,
    (dx, dy): (u32, u32),
    centre: f32,
) {
    let (ew, eh) = (image.width() as i64, image.height() as i64);
    let g = grid;
    // Along the cut axis: the padded pixels to fill, and the capture's pixels in view
    // (extended coordinates); `centre` is the cut line's centre there.
    let (fill, seen): (std::ops::Range<i64>, std::ops::Range<i64>) = match side {
        Side::Left => {
            let outer = (g.left - 0.1 * g.cell_w).floor().max(0.0) as i64;
            (outer..i64::from(dx), i64::from(dx)..ew)
        }
        Side::Right => {
            let end = i64::from(img.width());
            let outer = ((g.left + g.width() + 0.1 * g.cell_w).ceil() as i64).min(ew);
            (end..outer, 0..end)
        }
        Side::Top => {
            let outer = (g.top - 0.1 * g.cell_h).floor().max(0.0) as i64;
            (outer..i64::from(dy), i64::from(dy)..eh)
        }
        Side::Bottom => {
            let end = i64::from(img.height());
            let outer = ((g.top + g.height() + 0.1 * g.cell_h).ceil() as i64).min(eh);
            (end..outer, 0..end)
        }
    };
    // Only about the markers' places, the lines between two cut cells (0.15 of a cell either
    // side): a cut icon mirrored is another shape (half a crescent makes a disc).
    let (start, pitch, count, limit) = match side {
        Side::Left | Side::Right => (g.top, g.cell_h, g.rows, eh),
        Side::Top | Side::Bottom => (g.left, g.cell_w, g.cols, ew),
    };
    let along: Vec<i64> = (1..count)
        .flat_map(|k| {
            let at = start + k as f32 * pitch;
            let lo = (at - 0.15 * pitch).floor().max(0.0) as i64;
            let hi = ((at + 0.15 * pitch).ceil() as i64).min(limit);
            lo..hi
        })
        .collect();
    for t in fill {
        // Pixel centres: t + 0.5 mirrors to 2 * centre - (t + 0.5).
        let src = (2.0 * centre - (t as f32 + 0.5)).floor() as i64;
        if !seen.contains(&src) {
            continue;
        }
        for &a in &along {
            let (from, to) = match side {
                Side::Left | Side::Right => ((src, a), (t, a)),
                Side::Top | Side::Bottom => ((a, src), (a, t)),
            };
            let p = *image.get_pixel(from.0 as u32, from.1 as u32);
            image.put_pixel(to.0 as u32, to.1 as u32, p);
        }
    }
}

/// What the cut can hide in a board read from an extended image: a piece in the outer line
/// is kept with its given status doubted (the cut takes half of the corners that show the
/// given shading); an empty-looking cell there, or a marker between two of its cells, is free
/// when something runs on past the border beside it (an icon or a glyph cut in two), and read
/// as seen otherwise. The grid goes back to the capture's pixels.
fn doubt_cut_line(reading: &mut Reading, ext: &Extended, opts: &TangoReadOptions) {
    use crate::certify::Element;
    let Puzzle::Tango(t) = &reading.puzzle else {
        return;
    };
    let (rows, cols) = (t.rows(), t.cols());
    let line = cut_line(ext.side, rows, cols);
    // The pieces read surely off the cut line: the board's own icon colours.
    let pieces_seen: Vec<(Pos, Symbol)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| Pos::new(r, c)))
        .filter(|p| !line.contains(p))
        .filter(|p| {
            !reading
                .doubts
                .iter()
                .any(|d| matches!(d, Doubt::Cell { pos: q, .. } if q == p))
        })
        .filter_map(|p| {
            t.given(p).map(|s| (p, s)).or_else(|| {
                reading.placed.iter().find_map(|pl| match pl {
                    Placed::Symbol { pos: q, symbol } if *q == p => Some((p, *symbol)),
                    _ => None,
                })
            })
        })
        .collect();
    // A themed pair (icons told apart by their look, not as sun and moon) one of whose kinds
    // shows only in the cut line rests on icons cut through: half an icon looks like another
    // (cut-edge 3900581: a sun cut in half taken for a second icon, a given moon, a wrong
    // answer). Those pieces' kind is doubted, and the pair is not reported.
    let symbol_at = |p: Pos| {
        t.given(p).or_else(|| {
            reading.placed.iter().find_map(|pl| match pl {
                Placed::Symbol { pos: q, symbol } if *q == p => Some(*symbol),
                _ => None,
            })
        })
    };
    let cut_kind = |p: Pos| {
        opts.cut_kind_needs_view
            && reading.icons.is_some_and(|i| i.themed)
            && symbol_at(p).is_some_and(|s| !pieces_seen.iter().any(|&(_, k)| k == s))
    };
    let cut_kinds: Vec<Pos> = line.iter().copied().filter(|&p| cut_kind(p)).collect();
    let shade = cut_shading(t, reading, ext, &line, opts);
    let mut sure: Vec<(Pos, bool)> = Vec::new();
    let mut slivers: Vec<(Pos, Symbol)> = Vec::new();
    for &pos in &line {
        let given_seen = shade.as_ref().and_then(|s| s.given(ext, pos));
        let piece = t.given(pos).is_some()
            || reading
                .placed
                .iter()
                .any(|p| matches!(p, Placed::Symbol { pos: q, .. } if *q == pos));
        // A piece read there with strong colour beyond its icon's reach may be something
        // over the cell (realhunt 1042354: a yellow disc over a cut given moon, read as a
        // sun): the cell is free.
        if piece
            && let (Some((beyond, all)), Some([_, most])) =
                (colour_beyond_reach(ext, pos, opts), opts.cut_icon_reach)
            && beyond as f32 > most * (all - beyond) as f32
        {
            reading
                .placed
                .retain(|p| !matches!(p, Placed::Symbol { pos: q, .. } if *q == pos));
            reading
                .doubts
                .retain(|d| !matches!(d, Doubt::Cell { pos: q, .. } if *q == pos));
            reading.occluded.push(Element::Cell { pos });
            continue;
        }
        let symbol_doubted = cut_kinds.contains(&pos)
            || reading
                .doubts
                .iter()
                .any(|d| matches!(d, Doubt::Cell { pos: q, given_only: false, .. } if *q == pos));
        if piece && !symbol_doubted {
            reading
                .doubts
                .retain(|d| !matches!(d, Doubt::Cell { pos: q, .. } if *q == pos));
            // A piece seen as a given is one; one seen as not stays doubted "given or
            // placed": that is sound either way (the true givens are among the pieces, so
            // the true solution stays reachable), and a correct piece the player placed
            // may still pin the answer where the cut hides a marker.
            match given_seen {
                Some(true) => sure.push((pos, true)),
                _ => reading.doubts.push(Doubt::Cell {
                    pos,
                    confidence: 0.0,
                    given_only: true,
                }),
            }
        } else if symbol_doubted
            || ext.visible < opts.cut_icons_seen
            || ext.ink_at_border_near(ext.grid.center(pos), 0.4, opts.marker_min_contrast)
        {
            // An icon cut through (or one wholly out of view): its visible part's colours may
            // still tell which.
            match sliver_symbol(ext, &pieces_seen, pos, opts) {
                Some(symbol) => {
                    reading
                        .placed
                        .retain(|p| !matches!(p, Placed::Symbol { pos: q, .. } if *q == pos));
                    reading
                        .doubts
                        .retain(|d| !matches!(d, Doubt::Cell { pos: q, .. } if *q == pos));
                    match given_seen {
                        Some(true) => slivers.push((pos, symbol)),
                        _ => {
                            reading.doubts.push(Doubt::Cell {
                                pos,
                                confidence: 0.0,
                                given_only: true,
                            });
                            slivers.push((pos, symbol));
                        }
                    }
                }
                None => {
                    if cut_kinds.contains(&pos) {
                        // Its kind is not known: no piece of the player's to judge.
                        reading
                            .placed
                            .retain(|p| !matches!(p, Placed::Symbol { pos: q, .. } if *q == pos));
                    }
                    reading.occluded.push(Element::Cell { pos });
                }
            }
        }
    }
    for pair in line.windows(2) {
        let Some(edge) = Edge::between(pair[0], pair[1]) else {
            continue;
        };
        // Out of view, a marker there cannot be read as none: a repair of a puzzle with
        // several solutions adds clues, and the one it needs may be the one the cut hides
        // (cut-edge 200358: an `=` out of view, a repair turned a cut moon into a sun).
        if !ext.mirrored
            && (ext.visible < opts.cut_markers_seen
                || ext.ink_at_border_near(
                    ext.grid.edge_center(edge),
                    0.2,
                    opts.marker_min_contrast,
                ))
        {
            reading.occluded.push(Element::Edge { edge });
        }
    }
    if !cut_kinds.is_empty() {
        reading.icons = None;
    }
    if let Puzzle::Tango(t) = &mut reading.puzzle {
        for (pos, symbol) in slivers {
            t.set_given(pos, Some(symbol));
        }
        // A piece whose given shading (or its absence) shows in view is read as such.
        for (pos, given) in sure {
            let placed = reading
                .placed
                .iter()
                .position(|p| matches!(p, Placed::Symbol { pos: q, .. } if *q == pos));
            match (given, t.given(pos), placed) {
                (true, None, Some(k)) => {
                    if let Placed::Symbol { symbol, .. } = reading.placed.remove(k) {
                        t.set_given(pos, Some(symbol));
                    }
                }
                (false, Some(symbol), None) => {
                    t.set_given(pos, None);
                    reading.placed.push(Placed::Symbol { pos, symbol });
                }
                _ => {}
            }
        }
    }
    reading
        .doubts
        .sort_by(|a, b| doubt_conf(a).total_cmp(&doubt_conf(b)));
    reading.min_confidence = 0.0;
    reading.grid = ext.lattice.grid;
    reading.cut = Some(ext.side);
}

/// The given shading of a cut board, seen in the corners of its cells on the side in view
/// ([`TangoReadOptions::cut_given_shade`]).
struct CutShading {
    /// Median luma of the givens' corner patches, and of the other cells'.
    given: f32,
    other: f32,
    share: f32,
}

/// The two corner patches of `pos`'s cell on the side in view (extended image boxes).
fn cut_corner_boxes(ext: &Extended, pos: Pos) -> [(f32, f32, f32, f32); 2] {
    let g = &ext.grid;
    let (x0, y0) = (
        g.left + pos.col as f32 * g.cell_w,
        g.top + pos.row as f32 * g.cell_h,
    );
    let (w, h) = (g.cell_w, g.cell_h);
    let (a, b) = (0.06, 0.18);
    // Corners as (fraction along x, fraction along y) of the patch's near side.
    let corners: [(f32, f32); 2] = match ext.side {
        Side::Left => [(1.0 - b, a), (1.0 - b, 1.0 - b)],
        Side::Right => [(a, a), (a, 1.0 - b)],
        Side::Top => [(a, 1.0 - b), (1.0 - b, 1.0 - b)],
        Side::Bottom => [(a, a), (1.0 - b, a)],
    };
    corners.map(|(fx, fy)| {
        let (bx, by) = (x0 + fx * w, y0 + fy * h);
        (bx, by, bx + (b - a) * w, by + (b - a) * h)
    })
}

/// Median luma of a box's pixels.
fn box_luma(img: &RgbImage, b: (f32, f32, f32, f32)) -> Option<f32> {
    let mut v: Vec<f32> = box_pixels(img, b)
        .map(|(_, _, p)| luma(p.map(f32::from)))
        .collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f32::total_cmp);
    Some(v[v.len() / 2])
}

/// The board's given shading off the cut line, when givens and other cells both show and
/// differ enough.
fn cut_shading(
    t: &Tango,
    reading: &Reading,
    ext: &Extended,
    line: &[Pos],
    opts: &TangoReadOptions,
) -> Option<CutShading> {
    let [share, min_gap] = opts.cut_given_shade?;
    let (mut given, mut other) = (Vec::new(), Vec::new());
    for pos in t.positions().filter(|p| !line.contains(p)) {
        let doubted = reading
            .doubts
            .iter()
            .any(|d| matches!(d, Doubt::Cell { pos: q, .. } if *q == pos));
        if doubted {
            continue;
        }
        for b in cut_corner_boxes(ext, pos) {
            let Some(l) = box_luma(&ext.image, b) else {
                continue;
            };
            if t.given(pos).is_some() {
                given.push(l);
            } else {
                other.push(l);
            }
        }
    }
    if given.len() < 4 || other.len() < 4 {
        return None;
    }
    let median = |mut v: Vec<f32>| {
        v.sort_by(f32::total_cmp);
        v[v.len() / 2]
    };
    let (given, other) = (median(given), median(other));
    ((given - other).abs() >= min_gap).then_some(CutShading {
        given,
        other,
        share,
    })
}

impl CutShading {
    /// Whether the cut cell at `pos` shows a given's shading (`Some(true)`), clearly not
    /// (`Some(false)`), or cannot be told (`None`).
    fn given(&self, ext: &Extended, pos: Pos) -> Option<bool> {
        let gap = (self.given - self.other).abs();
        let near = |l: f32, c: f32| (l - c).abs() <= self.share * gap;
        let far = |l: f32, c: f32| (l - c).abs() >= (1.0 - self.share) * gap;
        let lumas: Vec<f32> = cut_corner_boxes(ext, pos)
            .into_iter()
            .map(|b| box_luma(&ext.image, b))
            .collect::<Option<Vec<f32>>>()?;
        if lumas
            .iter()
            .all(|&l| near(l, self.given) && far(l, self.other))
        {
            Some(true)
        } else if lumas
            .iter()
            .all(|&l| near(l, self.other) && far(l, self.given))
        {
            Some(false)
        } else {
            None
        }
    }
}

/// The hue (degrees) of an RGB pixel.
fn hue(p: [u8; 3]) -> f32 {
    let [r, g, b] = p.map(f32::from);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let d = (max - min).max(1e-6);
    let h = if max == r {
        60.0 * ((g - b) / d)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    h.rem_euclid(360.0)
}

/// The angle between two hues (degrees, 0..=180).
pub(super) fn hue_gap(a: f32, b: f32) -> f32 {
    let d = (a - b).rem_euclid(360.0);
    d.min(360.0 - d)
}

/// The circular mean of hues (degrees); `None` for none, or for hues that cancel out.
pub(super) fn circular_mean(hues: impl IntoIterator<Item = f32>) -> Option<f32> {
    let (sx, sy) = hues.into_iter().fold((0.0f32, 0.0f32), |(a, b), h| {
        (a + h.to_radians().cos(), b + h.to_radians().sin())
    });
    (sx.hypot(sy) > 1e-3).then(|| sy.atan2(sx).to_degrees().rem_euclid(360.0))
}

/// The mean hue of the strongly coloured pixels of a box (`None` when there are none).
fn mean_hue(
    img: &RgbImage,
    (x0, y0, x1, y1): (f32, f32, f32, f32),
    min_chroma: f32,
) -> Option<f32> {
    let (mut sx, mut sy, mut n) = (0.0f32, 0.0f32, 0usize);
    for (_, _, p) in box_pixels(img, (x0, y0, x1, y1)) {
        if crate::vision::pixel::chroma(p.map(f32::from)) >= min_chroma {
            let h = hue(p).to_radians();
            sx += h.cos();
            sy += h.sin();
            n += 1;
        }
    }
    (n > 0).then(|| sy.atan2(sx).to_degrees().rem_euclid(360.0))
}

/// The pixels of a box (image pixels, clipped to the image).
fn box_pixels(
    img: &RgbImage,
    (x0, y0, x1, y1): (f32, f32, f32, f32),
) -> impl Iterator<Item = (u32, u32, [u8; 3])> + '_ {
    let (w, h) = img.dimensions();
    let xs = (x0.max(0.0).round() as u32)..(x1.max(0.0).round() as u32).min(w);
    let ys = (y0.max(0.0).round() as u32)..(y1.max(0.0).round() as u32).min(h);
    ys.flat_map(move |y| xs.clone().map(move |x| (x, y, img.get_pixel(x, y).0)))
}

/// The box of a cut cell's part in view: along the cut line from `along` to `1 - along` of
/// the cell, across it from 0.15 off the inner line to the capture's border.
fn part_in_view(ext: &Extended, pos: Pos, along: f32) -> (f32, f32, f32, f32) {
    let g = &ext.grid;
    let (x0, y0) = (
        g.left + pos.col as f32 * g.cell_w,
        g.top + pos.row as f32 * g.cell_h,
    );
    let (x1, y1) = (x0 + g.cell_w, y0 + g.cell_h);
    let (aw, ah) = (along * g.cell_w, along * g.cell_h);
    let (iw, ih) = (0.15 * g.cell_w, 0.15 * g.cell_h);
    let b = ext.border as f32;
    match ext.side {
        Side::Left => (b, y0 + ah, x1 - iw, y1 - ah),
        Side::Right => (x0 + iw, y0 + ah, b + 1.0, y1 - ah),
        Side::Top => (x0 + aw, b, x1 - aw, y1 - ih),
        Side::Bottom => (x0 + aw, y0 + ih, x1 - aw, b + 1.0),
    }
}

/// [`TangoReadOptions::cut_icon_reach`]: the strongly coloured pixels of a cut cell's part
/// in view (away from its lines) farther from its centre than an icon reaches, and all of
/// them. `None` when the test is off.
fn colour_beyond_reach(
    ext: &Extended,
    pos: Pos,
    opts: &TangoReadOptions,
) -> Option<(usize, usize)> {
    let [radius, _] = opts.cut_icon_reach?;
    let [_, _, min_chroma] = opts.cut_icon_votes.unwrap_or([0.0, 0.0, 60.0]);
    let g = &ext.grid;
    let wide = part_in_view(ext, pos, 0.06);
    let (cx, cy) = g.center(pos);
    let reach = radius * g.cell_w.min(g.cell_h) + 1.5;
    let (mut beyond, mut all) = (0usize, 0usize);
    for (x, y, p) in box_pixels(&ext.image, wide) {
        if crate::vision::pixel::chroma(p.map(f32::from)) >= min_chroma {
            all += 1;
            if (x as f32 - cx).hypot(y as f32 - cy) > reach {
                beyond += 1;
            }
        }
    }
    Some((beyond, all))
}

/// The symbol of an icon cut by the image edge, from the colours of its visible part: every
/// strongly coloured pixel of the cell's part in view (away from its lines and the markers on
/// them) votes for the symbol whose hue on this board (the pieces read surely elsewhere) is
/// nearer (or for neither, far from both: [`TangoReadOptions::cut_icon_hue_reach`]); one
/// symbol must take [`TangoReadOptions::cut_icon_votes`] of enough votes. `None` when the
/// board's two icons are not told apart by hue (a themed pair), or the part in view says too
/// little.
fn sliver_symbol(
    ext: &Extended,
    pieces: &[(Pos, Symbol)],
    pos: Pos,
    opts: &TangoReadOptions,
) -> Option<Symbol> {
    let [share, min_gap, min_chroma] = opts.cut_icon_votes?;
    let g = &ext.grid;
    let disc = |p: Pos| {
        let (cx, cy) = g.center(p);
        let (hw, hh) = (0.3 * g.cell_w, 0.3 * g.cell_h);
        (cx - hw, cy - hh, cx + hw, cy + hh)
    };
    let reference = |symbol: Symbol| {
        circular_mean(
            pieces
                .iter()
                .filter(|(_, s)| *s == symbol)
                .filter_map(|&(p, _)| mean_hue(&ext.image, disc(p), min_chroma)),
        )
    };
    let (sun, moon) = (reference(Symbol::Sun)?, reference(Symbol::Moon)?);
    if hue_gap(sun, moon) < 2.0 * min_gap {
        return None;
    }
    // The cell's part in view, off the markers between two of its cells.
    let area = part_in_view(ext, pos, 0.2);
    let (mut for_sun, mut for_moon, mut for_neither) = (0usize, 0usize, 0usize);
    let reach = opts.cut_icon_hue_reach;
    // Strong colour in the cell's part in view beyond where an icon reaches: something
    // else is there, and the colours voting may be its.
    let beyond = colour_beyond_reach(ext, pos, opts).map(|(beyond, _)| beyond);
    for (_, _, p) in box_pixels(&ext.image, area) {
        if crate::vision::pixel::chroma(p.map(f32::from)) < min_chroma {
            continue;
        }
        let h = hue(p);
        let (ds, dm) = (hue_gap(h, sun), hue_gap(h, moon));
        if reach.is_some_and(|r| ds.min(dm) > r) {
            for_neither += 1;
        } else if ds + min_gap <= dm {
            for_sun += 1;
        } else if dm + min_gap <= ds {
            for_moon += 1;
        }
    }
    let votes = for_sun + for_moon;
    let cell_px = g.cell_w * g.cell_h;
    if (votes as f32) < (0.01 * cell_px).max(6.0) {
        return None;
    }
    if let (Some(beyond), Some([_, most])) = (beyond, opts.cut_icon_reach)
        && beyond as f32 > most * votes as f32
    {
        return None;
    }
    let all = (votes + for_neither) as f32;
    if for_sun as f32 >= share * all {
        Some(Symbol::Sun)
    } else if for_moon as f32 >= share * all {
        Some(Symbol::Moon)
    } else {
        None
    }
}

/// [`TangoReadOptions::pointer_kind_needs_view`]: after [`crate::vision::occlusion::mark`],
/// a themed pair whose one kind shows only in cells a pointer's box reaches into (`pointers`)
/// is named again from the icons in view alone, by their mean warmth (as the reader names
/// icons all of one kind), and the pair is no longer reported; the player's pieces of the
/// other kind are dropped (they may be the pointer itself) and its givens' cells are occluded
/// (free). Any other reading is left as it is.
pub fn name_icons_beside_pointer(
    img: &RgbImage,
    reading: &mut Reading,
    pointers: &[crate::vision::occlusion::PixelBox],
    opts: &TangoReadOptions,
) {
    if !opts.pointer_kind_needs_view
        || pointers.is_empty()
        || !reading.icons.is_some_and(|i| i.themed)
    {
        return;
    }
    let Some(pieces) = reading.tango_pieces() else {
        return;
    };
    let g = reading.grid;
    let under = |p: usize| {
        let (cx, cy) = g.center(Pos::new(p / g.cols, p % g.cols));
        let (hw, hh) = (g.cell_w / 2.0, g.cell_h / 2.0);
        pointers
            .iter()
            .any(|&(x0, y0, x1, y1)| x0 < cx + hw && x1 > cx - hw && y0 < cy + hh && y1 > cy - hh)
    };
    let of_kind = |k: Symbol| -> Vec<usize> {
        (0..pieces.len())
            .filter(|&p| pieces[p] == Some(k))
            .collect()
    };
    let Some(unseen) = [Symbol::Sun, Symbol::Moon].into_iter().find(|&k| {
        of_kind(k).into_iter().all(under) && of_kind(k.other()).into_iter().any(|p| !under(p))
    }) else {
        if opts.pointer_standard_in_view {
            let (hidden, seen): (Vec<usize>, Vec<usize>) = (0..pieces.len())
                .filter(|&p| pieces[p].is_some())
                .partition(|&p| under(p));
            standard_in_view(img, reading, &hidden, &seen, opts);
        }
        return;
    };
    let seen: Vec<usize> = of_kind(unseen.other())
        .into_iter()
        .filter(|&p| !under(p))
        .collect();
    let cells = read_cells(img, &g, reading.theme, opts);
    // The icons in view the new reading below doubts (two kinds it cannot tell apart).
    let mut doubted_in_view: Vec<(usize, f32)> = Vec::new();
    // The icons read again without the pointer's: when those in view fall into two kinds,
    // the pointer was taken for one kind and the board's two kinds lumped as the other
    // (combo 7700357: a hand pointer on a themed board of red squares and orange triangles;
    // every square and triangle read as one kind, surely). Their kinds are taken from the
    // new reading, each as surely as it was read; the pointer's cells are free.
    if opts.pointer_reread_in_view {
        let mut again = cells.clone();
        for p in of_kind(unseen).into_iter().filter(|&p| under(p)) {
            again[p].icon_frac = 0.0;
        }
        name_symbols(&mut again, &g, opts);
        let first = seen.first().map(|&p| again[p].symbol);
        if seen.iter().any(|&p| Some(again[p].symbol) != first) {
            for p in of_kind(unseen.other()) {
                let (pos, c) = (Pos::new(p / g.cols, p % g.cols), &again[p]);
                if let Some(symbol) = c.symbol {
                    take_new_read(reading, pos, symbol, c.conf.min(c.given_conf), opts);
                }
            }
            occlude_kind(reading, &of_kind(unseen), g.cols);
            return;
        }
        doubted_in_view = seen
            .iter()
            .map(|&p| (p, again[p].conf))
            .filter(|&(_, conf)| conf < opts.weak_below)
            .collect();
    }
    // As the reader names icons all of one kind: by their mean warmth.
    let warmth = seen
        .iter()
        .map(|&p| cells::warmth(&cells[p].hist))
        .sum::<f32>();
    let named = if warmth >= 0.0 {
        Symbol::Sun
    } else {
        Symbol::Moon
    };
    if named != unseen.other() {
        swap_kinds(reading);
    }
    reading.placed.retain(|p| {
        !matches!(*p, Placed::Symbol { pos, symbol }
            if symbol != named && under(pos.index(g.cols)))
    });
    // Named as one kind, but not alike to the new reading: they stay doubted (combo
    // 32600284: red triangles and red discs, one kind by warmth, read surely into a wrong
    // answer).
    for (p, conf) in doubted_in_view {
        replace_cell_doubt(reading, Pos::new(p / g.cols, p % g.cols), conf);
    }
    occlude_kind(reading, &of_kind(unseen), g.cols);
}

/// [`TangoReadOptions::pointer_standard_in_view`]: the icons `seen` (cell indices) read again
/// without those `hidden` under a pointer's box; when they read as LinkedIn's sun and moon,
/// they take those kinds (each as surely as it was read there), the pieces `hidden` that look
/// like neither are left free, the others take the nearer kind, and the pair is reported as
/// read in view. Any other reading (one with an overlay
/// seen or cut at an image edge among them: combo 6800082, a hand over a cut board under
/// stripes, whose repair then went wrong) is left as it is.
fn standard_in_view(
    img: &RgbImage,
    reading: &mut Reading,
    hidden: &[usize],
    seen: &[usize],
    opts: &TangoReadOptions,
) {
    // Stripes or a cut line already leave the icons' kinds in doubt where they decide.
    if hidden.is_empty() || seen.is_empty() || reading.overlay_seen || reading.cut.is_some() {
        return;
    }
    let g = reading.grid;
    let mut again = read_cells(img, &g, reading.theme, opts);
    for &p in hidden {
        again[p].icon_frac = 0.0;
    }
    name_symbols(&mut again, &g, opts);
    let Some(pair) = cells::icon_pair(&again, opts).filter(|i| !i.themed) else {
        return;
    };
    if seen.iter().any(|&p| again[p].symbol.is_none()) {
        return;
    }
    // An icon under the box that looks like neither kind in view (farther than
    // `kind_max_spread` from both kinds' mean histograms) is what lay there, not an icon: its
    // cell is left free. One nearer a kind (an icon the pointer only partly hides) is named
    // by it, as doubted as it was.
    let spread = opts.kind_max_spread.unwrap_or(f32::INFINITY);
    let mean_hist = |kind: Symbol| {
        let of: Vec<usize> = seen
            .iter()
            .copied()
            .filter(|&p| again[p].symbol == Some(kind))
            .collect();
        let mut m = [0.0f32; ICON_BINS];
        for &p in &of {
            for (mk, hk) in m.iter_mut().zip(&again[p].hist) {
                *mk += hk / of.len() as f32;
            }
        }
        (!of.is_empty()).then_some(m)
    };
    let (Some(sun), Some(moon)) = (mean_hist(Symbol::Sun), mean_hist(Symbol::Moon)) else {
        return;
    };
    for &p in seen {
        let (pos, c) = (Pos::new(p / g.cols, p % g.cols), &again[p]);
        let symbol = c.symbol.expect("checked above");
        take_new_read(reading, pos, symbol, c.conf.min(c.given_conf), opts);
    }
    let mut strays = Vec::new();
    for &p in hidden {
        let (d_sun, d_moon) = (
            cells::l1(&again[p].hist, &sun),
            cells::l1(&again[p].hist, &moon),
        );
        if d_sun.min(d_moon) > spread {
            strays.push(p);
            continue;
        }
        let symbol = if d_sun <= d_moon {
            Symbol::Sun
        } else {
            Symbol::Moon
        };
        rename_piece(reading, Pos::new(p / g.cols, p % g.cols), symbol);
    }
    reading.placed.retain(
        |q| !matches!(*q, Placed::Symbol { pos, .. } if strays.contains(&pos.index(g.cols))),
    );
    occlude_kind(reading, &strays, g.cols);
    reading.icons = Some(pair);
}

/// The piece (given or placed) at `pos` is now a `symbol`.
fn rename_piece(reading: &mut Reading, pos: Pos, symbol: Symbol) {
    if let Puzzle::Tango(t) = &mut reading.puzzle
        && t.given(pos).is_some()
    {
        t.set_given(pos, Some(symbol));
    }
    for q in &mut reading.placed {
        if let Placed::Symbol { pos: at, symbol: s } = q
            && *at == pos
        {
            *s = symbol;
        }
    }
}

/// The piece at `pos` takes the kind a new read gave it (`symbol`, read with `conf`): that
/// read replaces the first one's doubt about the cell (doubted only under `weak_below`).
fn take_new_read(
    reading: &mut Reading,
    pos: Pos,
    symbol: Symbol,
    conf: f32,
    opts: &TangoReadOptions,
) {
    rename_piece(reading, pos, symbol);
    reading
        .doubts
        .retain(|d| !matches!(*d, Doubt::Cell { pos: at, .. } if at == pos));
    if conf < opts.weak_below {
        reading.doubts.push(Doubt::Cell {
            pos,
            confidence: conf,
            given_only: false,
        });
    }
}

/// Every piece's kind swapped (givens, placed pieces and the cells' class probabilities).
fn swap_kinds(reading: &mut Reading) {
    if let Puzzle::Tango(t) = &mut reading.puzzle {
        for pos in t.positions().collect::<Vec<_>>() {
            if let Some(s) = t.given(pos) {
                t.set_given(pos, Some(s.other()));
            }
        }
    }
    for p in &mut reading.placed {
        if let Placed::Symbol { symbol, .. } = p {
            *symbol = symbol.other();
        }
    }
    if let Some(probs) = &mut reading.probabilities {
        for c in probs.cells.iter_mut().filter(|c| c.len() == 3) {
            c.swap(1, 2);
        }
    }
}

/// The reading's doubt about the cell at `pos` is now `confidence` (any earlier one dropped).
fn replace_cell_doubt(reading: &mut Reading, pos: Pos, confidence: f32) {
    reading
        .doubts
        .retain(|d| !matches!(*d, Doubt::Cell { pos: at, .. } if at == pos));
    reading.doubts.push(Doubt::Cell {
        pos,
        confidence,
        given_only: false,
    });
}

/// [`TangoReadOptions::lumped_kind_doubted`]: a themed pair one of whose kinds is one or two
/// icons, the other's icons in the clear not alike among themselves (hue, size, shape, luma):
/// every icon of the board is doubted. For a reading over which no pointer was found (with
/// one, [`name_icons_beside_pointer`] looks at the kinds).
pub fn doubt_lumped_kind(img: &RgbImage, reading: &mut Reading, opts: &TangoReadOptions) {
    if !opts.lumped_kind_doubted || !reading.icons.is_some_and(|i| i.themed) {
        return;
    }
    let Some(pieces) = reading.tango_pieces() else {
        return;
    };
    let g = reading.grid;
    let of_kind = |k: Symbol| -> Vec<usize> {
        (0..pieces.len())
            .filter(|&p| pieces[p] == Some(k))
            .collect()
    };
    let (suns, moons) = (of_kind(Symbol::Sun), of_kind(Symbol::Moon));
    let (few, many) = if suns.len() <= moons.len() {
        (suns, moons)
    } else {
        (moons, suns)
    };
    if few.is_empty() || few.len() > 2 || many.len() < 4 {
        return;
    }
    let cells = read_cells(img, &g, reading.theme, opts);
    let clear: Vec<usize> = many
        .iter()
        .copied()
        .filter(|&p| !cells[p].striped(opts) && !cells[p].lit)
        .collect();
    let tolerance = cells::shape_tolerance(g.cell_w.min(g.cell_h), opts);
    if clear.len() < 2 || cells::all_alike(&cells, &clear, tolerance, opts) {
        return;
    }
    for p in few.into_iter().chain(many) {
        replace_cell_doubt(reading, Pos::new(p / g.cols, p % g.cols), 0.0);
    }
}

/// [`TangoReadOptions::doubted_kind_dropped`]: a themed pair one of whose kinds is only
/// player's pieces read with doubt, the other holding a given and alike among themselves:
/// those pieces are left free and the other kind is named by its mean warmth. For a reading
/// over which no pointer was found (with one, [`name_icons_beside_pointer`] looks at the
/// kinds). Any other reading is left as it is.
pub fn drop_doubted_kind(img: &RgbImage, reading: &mut Reading, opts: &TangoReadOptions) {
    if !opts.doubted_kind_dropped || !reading.icons.is_some_and(|i| i.themed) {
        return;
    }
    let (Some(pieces), Puzzle::Tango(t)) = (reading.tango_pieces(), &reading.puzzle) else {
        return;
    };
    let g = reading.grid;
    let at = |p: usize| Pos::new(p / g.cols, p % g.cols);
    let doubted = |p: usize| {
        reading.doubts.iter().any(|d| {
            matches!(*d, Doubt::Cell { pos, confidence, .. }
                if pos == at(p) && confidence < opts.doubt_below)
        })
    };
    let of_kind = |k: Symbol| -> Vec<usize> {
        (0..pieces.len())
            .filter(|&p| pieces[p] == Some(k))
            .collect()
    };
    let Some(dropped) = [Symbol::Sun, Symbol::Moon].into_iter().find(|&k| {
        let (of, other) = (of_kind(k), of_kind(k.other()));
        !of.is_empty()
            && of.iter().all(|&p| doubted(p) && t.given(at(p)).is_none())
            && other.iter().any(|&p| t.given(at(p)).is_some())
    }) else {
        return;
    };
    let kept = of_kind(dropped.other());
    let cells = read_cells(img, &g, reading.theme, opts);
    // The kind kept must look like one kind (combo 32600284: red triangles and red discs
    // lumped as one kind beside a pointer's, named by warmth into a wrong answer).
    let tolerance = cells::shape_tolerance(g.cell_w.min(g.cell_h), opts);
    if !cells::all_alike(&cells, &kept, tolerance, opts) {
        return;
    }
    let warmth = kept
        .iter()
        .map(|&p| cells::warmth(&cells[p].hist))
        .sum::<f32>();
    let named = if warmth >= 0.0 {
        Symbol::Sun
    } else {
        Symbol::Moon
    };
    drop_kind(reading, &of_kind(dropped), dropped, named, g.cols);
}

/// [`TangoReadOptions::neutral_kind_min_grey`] and
/// [`TangoReadOptions::mixed_kind_min_share`]: on a board read as themed, a kind of a few
/// icons ([`TangoReadOptions::neutral_kind_most`]), each grey or each of the other kind's
/// colour and a far one, beside a kind of LinkedIn's sun or moon (by the colours of its
/// icons in the clear) is left free, and the other kind is named by those colours. Any other
/// reading is left as it is.
pub fn drop_neutral_kind(img: &RgbImage, reading: &mut Reading, opts: &TangoReadOptions) {
    if opts.neutral_kind_min_grey.is_none() && opts.mixed_kind_min_share.is_none() {
        return;
    }
    if !reading.icons.is_some_and(|i| i.themed) {
        return;
    }
    let Some(pieces) = reading.tango_pieces() else {
        return;
    };
    let g = reading.grid;
    let of_kind = |k: Symbol| -> Vec<usize> {
        (0..pieces.len())
            .filter(|&p| pieces[p] == Some(k))
            .collect()
    };
    let cells = read_cells(img, &g, reading.theme, opts);
    let share = |p: usize, bins: &[usize]| bins.iter().map(|&b| cells[p].hist[b]).sum::<f32>();
    // LinkedIn's sun or moon: the named kind whose icons in the clear have its colours.
    let standard = |of: &[usize]| -> Option<Symbol> {
        let clear: Vec<usize> = of
            .iter()
            .copied()
            .filter(|&p| !cells[p].striped(opts) && !cells[p].lit)
            .collect();
        if clear.is_empty() {
            return None;
        }
        let mean = |bins: &[usize]| {
            clear.iter().map(|&p| share(p, bins)).sum::<f32>() / clear.len() as f32
        };
        if mean(&[0, 1]) >= opts.standard_icon_share {
            Some(Symbol::Sun)
        } else if mean(&[3]) >= opts.standard_icon_share {
            Some(Symbol::Moon)
        } else {
            None
        }
    };
    let Some((dropped, named)) = [Symbol::Sun, Symbol::Moon].into_iter().find_map(|k| {
        let (of, other) = (of_kind(k), of_kind(k.other()));
        if of.is_empty() || of.len() > opts.neutral_kind_most {
            return None;
        }
        let named = standard(&other)?;
        // The named kind's colour sectors and the sectors not beside them.
        let (own, far): (&[usize], &[usize]) = match named {
            Symbol::Sun => (&[0, 1], &[3]),
            Symbol::Moon => (&[3], &[0, 1]),
        };
        let grey = opts
            .neutral_kind_min_grey
            .is_some_and(|g| of.iter().all(|&p| share(p, &[5, 6]) >= g));
        let mixed = opts
            .mixed_kind_min_share
            .is_some_and(|m| of.iter().all(|&p| share(p, own) >= m && share(p, far) >= m));
        (grey || mixed).then_some((k, named))
    }) else {
        return;
    };
    drop_kind(reading, &of_kind(dropped), dropped, named, g.cols);
}

/// The pieces of the kind `dropped` (`gone`, cell indices on a board of `cols` columns) are
/// no pieces: they leave the placed pieces and the doubts and their cells are freed; the
/// kind kept takes the name `named` (the kinds swapped when it had the other).
fn drop_kind(reading: &mut Reading, gone: &[usize], dropped: Symbol, named: Symbol, cols: usize) {
    reading
        .placed
        .retain(|q| !matches!(*q, Placed::Symbol { pos, .. } if gone.contains(&pos.index(cols))));
    reading
        .doubts
        .retain(|d| !matches!(*d, Doubt::Cell { pos, .. } if gone.contains(&pos.index(cols))));
    if named != dropped.other() {
        swap_kinds(reading);
    }
    occlude_kind(reading, gone, cols);
}

/// Frees the cells `kind` (indices on a board of `cols` columns) as occluded; the reading's
/// icon pair is no longer reported.
fn occlude_kind(reading: &mut Reading, kind: &[usize], cols: usize) {
    for &p in kind {
        let cell = crate::certify::Element::Cell {
            pos: Pos::new(p / cols, p % cols),
        };
        if !reading.occluded.contains(&cell) {
            reading.occluded.push(cell);
        }
    }
    reading.occluded.sort();
    reading.icons = None;
}

/// The learned models' class probabilities of every cell and edge
/// ([`crate::board::ClassProbabilities`]; a missing model's list is empty).
pub fn model_probs(
    cells: &[CellRead],
    edges: &[EdgeRead],
    theme: Theme,
    opts: &TangoReadOptions,
) -> crate::board::ClassProbabilities {
    use crate::board::ClassProbabilities;
    use crate::models::{features, tango_cell, tango_edge};
    let cell = tango_cell().map_or_else(Vec::new, |m| {
        features::cell_features(cells, theme, opts.icon_min_frac)
            .iter()
            .map(|x| m.predict(x))
            .collect()
    });
    let edge = tango_edge().map_or_else(Vec::new, |m| {
        edges
            .iter()
            .map(|e| (e.edge, m.predict(&features::edge_features(e, theme))))
            .collect()
    });
    ClassProbabilities {
        cell_classes: ClassProbabilities::TANGO_CELLS,
        cells: cell,
        edge_classes: ClassProbabilities::TANGO_EDGES,
        edges: edge,
    }
}

/// Coloured icons (see [`icon_count`])
/// in the row or column one pitch beyond `side` of `grid`; `None` when that row or column is
/// not wholly inside the image.
fn icons_beyond(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    side: Side,
    opts: &TangoReadOptions,
) -> Option<usize> {
    let g = grid.beyond(side);
    let (w, h) = (img.width() as f32, img.height() as f32);
    if g.left < 0.0 || g.top < 0.0 || g.left + g.width() > w || g.top + g.height() > h {
        return None;
    }
    Some(icon_count(&read_cells(img, &g, theme, opts), opts))
}

/// Cells holding a coloured icon: a hue, and most of the icon in one colour bin (grey text,
/// whose anti-aliasing fringes are coloured, has its ink dark and its colours mixed).
fn icon_count<'a>(cells: impl IntoIterator<Item = &'a CellRead>, opts: &TangoReadOptions) -> usize {
    cells
        .into_iter()
        .filter(|c| {
            let main = c.hist[..5].iter().copied().fold(0.0, f32::max);
            c.icon_frac >= opts.icon_min_frac && c.hue.is_some() && main >= 0.5
        })
        .count()
}

/// The outermost row or column of `cells` on `side`.
fn outer_line<'a>(
    cells: &'a [CellRead],
    grid: &Grid,
    side: Side,
) -> impl Iterator<Item = &'a CellRead> {
    let grid = *grid;
    cells.iter().filter(move |c| grid.on_side(c.pos, side))
}

/// Checks that no icons lie just beyond the lattice (see [`TangoReadOptions::icons_beyond`]),
/// moving it one pitch when its outer row on the other side is empty and icons lie beyond.
fn settle_extent(
    img: &RgbImage,
    grid: Grid,
    cells: Vec<CellRead>,
    theme: Theme,
    opts: &TangoReadOptions,
) -> Result<(Grid, Vec<CellRead>), ReadError> {
    let Some(min) = opts.icons_beyond else {
        return Ok((grid, cells));
    };
    let sides = [Side::Left, Side::Right, Side::Top, Side::Bottom];
    let spills = |g: &Grid, s: Side| icons_beyond(img, g, theme, s, opts).is_some_and(|n| n >= min);
    let Some(side) = sides.into_iter().find(|&s| spills(&grid, s)) else {
        return Ok((grid, cells));
    };
    let refuse = || {
        ReadError::NoBoard(format!(
            "Tango icons continue beyond the {side} side of the {}x{} grid found",
            grid.rows, grid.cols
        ))
    };
    if icon_count(outer_line(&cells, &grid, side.opposite()), opts) > 0 {
        return Err(refuse());
    }
    let moved = grid.moved(side);
    if sides.into_iter().any(|s| spills(&moved, s)) {
        return Err(refuse());
    }
    let cells = read_cell_symbols(img, &moved, theme, opts);
    let given: Vec<bool> = cells.iter().map(|c| c.given).collect();
    if let Some(share) = opts.moved_row_lines
        && !gained_line_drawn(img, &moved, &given, side, share)
    {
        return Err(refuse());
    }
    Ok((moved, cells))
}

/// Whether the row (column) a lattice gains by moving towards `side` has the grid lines across
/// it: the median [`cover::line_contrast`] of its inner edges at least `share` of the
/// lattice's median (edges between two cells `given`, row-major, are not looked at; fewer
/// than two looked at: nothing to judge, drawn). See [`TangoReadOptions::moved_row_lines`].
fn gained_line_drawn(img: &RgbImage, grid: &Grid, given: &[bool], side: Side, share: f32) -> bool {
    let lines = cover::line_contrasts(img, grid, given);
    let across = |e: Edge| match (side, e) {
        (Side::Top, Edge::Right(p)) => p.row == 0,
        (Side::Bottom, Edge::Right(p)) => p.row + 1 == grid.rows,
        (Side::Left, Edge::Down(p)) => p.col == 0,
        (Side::Right, Edge::Down(p)) => p.col + 1 == grid.cols,
        _ => false,
    };
    let gained: Vec<(Edge, f32)> = lines.iter().copied().filter(|&(e, _)| across(e)).collect();
    match (
        cover::median_contrast(&gained),
        cover::median_contrast(&lines),
    ) {
        (Some(row), Some(all)) if gained.len() >= 2 => row >= share * all,
        _ => true,
    }
}

/// Checks an outer row or column whose grid lines across it are mostly not seen
/// ([`Unlined`]): each unseen segment lies between two cells read as givens (grey givens
/// hide the line between them), else the row is page a cell beyond the board: a board cut
/// through its outer row, its lattice extended a row onto LinkedIn's Undo / Hint buttons
/// (whose outline lies where the board's border would), is refused, never read a row off.
fn check_unlined(grid: &Grid, cells: &[CellRead], u: Unlined) -> Result<(), ReadError> {
    let line: Vec<&CellRead> = outer_line(cells, grid, u.side).collect();
    let along = |c: &CellRead| match u.side {
        Side::Top | Side::Bottom => c.pos.col,
        Side::Left | Side::Right => c.pos.row,
    };
    let given = |k: usize| line.iter().any(|c| along(c) == k && c.given);
    let unexplained = (1..32)
        .filter(|&k| u.hidden & (1 << k) != 0)
        .filter(|&k| !(given(k - 1) && given(k)))
        .count();
    if unexplained > 0 {
        let line = match u.side {
            Side::Top | Side::Bottom => "row",
            Side::Left | Side::Right => "column",
        };
        return Err(ReadError::NoBoard(format!(
            "the {} {line} of the {}x{} grid found has no grid lines across it and no givens: \
             page, not board (a board cut off at the {} edge?)",
            u.side,
            grid.rows,
            grid.cols,
            u.side.opposite()
        )));
    }
    Ok(())
}

/// A dimmed capture stretched so its white point is white (see
/// [`TangoReadOptions::normalise_below`]); `None` when the capture is bright enough as it is.
fn normalise(img: &RgbImage, opts: &TangoReadOptions) -> Option<RgbImage> {
    if crate::vision::pixel::white_point_reaches(img, opts.white_percentile, opts.normalise_below) {
        return None;
    }
    let wp = crate::vision::pixel::white_point(img, opts.white_percentile);
    if wp >= opts.normalise_below || wp <= 0.0 {
        return None;
    }
    Some(crate::vision::pixel::scaled(
        img,
        (255.0 / wp).min(opts.max_gain),
    ))
}

/// A pixel position on a copy enlarged twice (bilinear, pixel centres aligned), on the
/// capture.
fn halved_pos(v: f32) -> f32 {
    (v + 0.5) / 2.0 - 0.5
}

/// A lattice located on a copy enlarged twice, on the capture.
fn halved(l: &TangoLattice) -> TangoLattice {
    let g = l.grid;
    TangoLattice {
        grid: Grid {
            left: halved_pos(g.left),
            top: halved_pos(g.top),
            cell_w: g.cell_w / 2.0,
            cell_h: g.cell_h / 2.0,
            ..g
        },
        ..l.clone()
    }
}

/// A line candidate found on a copy enlarged twice, on the capture.
fn halved_line(l: locate::FoundLine) -> locate::FoundLine {
    locate::FoundLine {
        pos: halved_pos(l.pos),
        start: halved_pos(l.start),
        end: halved_pos(l.end),
        ..l
    }
}

/// Refuses a lattice whose cells do not hold Tango icons: a lattice of neutral cells is not
/// enough (digits of a sudoku or an empty table are not a Tango puzzle).
pub fn check_icons(cells: &[CellRead], opts: &TangoReadOptions) -> Result<(), ReadError> {
    let filled: Vec<&CellRead> = cells.iter().filter(|c| c.symbol.is_some()).collect();
    if filled.is_empty() {
        return Err(ReadError::NoBoard("the grid holds no Tango symbols".into()));
    }
    let colour = filled
        .iter()
        .map(|c| 1.0 - c.hist[5] - c.hist[6])
        .sum::<f32>()
        / filled.len() as f32;
    if colour < opts.min_icon_colour {
        return Err(ReadError::NoBoard(
            "the grid's symbols are not Tango icons".into(),
        ));
    }
    Ok(())
}

/// Reads cells and markers on a known grid.
pub fn read_on_grid(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    opts: &TangoReadOptions,
) -> Result<(Reading, Vec<CellRead>, Vec<EdgeRead>), ReadError> {
    let cells = read_cell_symbols(img, grid, theme, opts);
    let edges = read_edges(img, grid, theme, &cells, opts);
    let mut reading = assemble(grid, theme, &cells, &edges, opts);
    occlude_unlined(&mut reading, img, grid, &cells, None, opts);
    Ok((reading, cells, edges))
}

/// Cell measurements with their symbols classified.
fn read_cell_symbols(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    opts: &TangoReadOptions,
) -> Vec<CellRead> {
    let mut cells = read_cells(img, grid, theme, opts);
    name_symbols(&mut cells, grid, opts);
    cells
}

/// Classifies and names the icons of measured cells ([`read_cell_symbols`]).
fn name_symbols(cells: &mut [CellRead], grid: &Grid, opts: &TangoReadOptions) {
    classify_symbols(cells, grid.cell_w.min(grid.cell_h), opts);
    if let Some(margin) = opts.shape_names_icons {
        cells::name_by_shape(cells, margin, opts);
    }
    let pair = cells::icon_pair(cells, opts);
    if let (Some(gap), Some(false)) = (opts.kind_max_hue_gap, pair.map(|i| i.themed)) {
        cells::doubt_kind_hue_strays(cells, gap, opts);
    }
    if pair.is_some_and(|i| i.themed) {
        if let Some(spread) = opts.kind_max_spread {
            cells::doubt_kind_strays(cells, spread, opts);
        }
        // Two themed icons are told apart by their look alone, which rule-break stripes
        // change: a striped icon's kind is a guess.
        for c in cells
            .iter_mut()
            .filter(|c| c.symbol.is_some() && c.striped(opts))
        {
            c.conf = c.conf.min(opts.overlay_given_conf);
        }
    }
}

/// The marker of every shared edge; a glyph beside an overlaid cell is doubted.
fn read_edges(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    cells: &[CellRead],
    opts: &TangoReadOptions,
) -> Vec<EdgeRead> {
    let mut edges: Vec<EdgeRead> = Tango::empty(grid.rows, grid.cols)
        .edges()
        .map(|e| read_edge(img, grid, theme, cells, e, opts))
        .collect();
    edges::settle_by_shapes(img, grid, theme, &mut edges, opts);
    edges::confirm_by_board(&mut edges, cells, grid, opts);
    edges::doubt_oversized(&mut edges, grid, opts);
    edges::doubt_odd_aspect(&mut edges, opts);
    edges::doubt_contrasty(&mut edges, opts);
    edges::doubt_faint_standouts(&mut edges, opts);
    edges::doubt_tinted(&mut edges, opts);
    edges::doubt_eq_with_x_signs(&mut edges, opts);
    let mut edges: Vec<EdgeRead> = edges
        .into_iter()
        .map(|mut r| {
            let e = r.edge;
            let (a, b) = e.cells();
            // Beside stripes a glyph read stands when little of its patch was masked and, where
            // the glyph model looked, the model is sure of the same kind (stripes can leave an
            // `x` with only its top and bottom ink, an `=` to the hand rule).
            let unsure = match (opts.marker_glyph_model, r.glyph_p) {
                (Some([sure, ..]), Some(p)) => p < sure,
                _ => false,
            };
            // Stripes over one of the two cells only tint half the glyph: what is read may be
            // the other half (an `x` cut to a `<` reads `=`).
            let striped = |p: crate::puzzle::Pos| cells[p.index(grid.cols)].striped(opts);
            let half_tinted = striped(a) != striped(b) && r.tinted > opts.overlay_max_tinted;
            // Stripes over both cells and across the edge between them, its ink tinted by
            // them, can hide a glyph whole (stripes-over 1501060: an `x` between two striped
            // moons read as no marker at 0.5).
            let tinted_across = opts.tinted_across_doubted
                && r.marker.is_none()
                && striped(a)
                && striped(b)
                && r.tinted > opts.overlay_max_tinted;
            // Stripes over both cells and across an `x` read between them: their diagonals
            // may be its strokes.
            let tinted_x = opts.tinted_x_doubted
                && r.marker == Some(Marker::Opposite)
                && striped(a)
                && striped(b)
                && r.tinted > opts.overlay_max_tinted;
            let covered_else = [a, b].iter().any(|p| {
                let c = &cells[p.index(grid.cols)];
                (c.striped(opts) && (r.veiled > opts.overlay_max_masked || unsure)) || c.lit
            }) || tinted_across
                || tinted_x
                || (opts.veiled_marker_doubted
                    && r.veiled > opts.overlay_max_masked
                    && r.tinted <= opts.overlay_max_tinted);
            // Half tinted only: the clear half, mirrored, must read the same.
            let covered = covered_else
                || (half_tinted
                    && !(opts.half_striped_mirror
                        && r.marker.is_some()
                        && mirrored_agrees(img, grid, theme, cells, &r, opts)));
            if covered {
                // Stripes or a bright band over a neighbouring cell can hide or fake a glyph.
                r.conf = r.conf.min(opts.overlay_given_conf);
            }
            r
        })
        .collect();
    edges::doubt_look_alikes(&mut edges, opts);
    edges
}

/// Whether the glyph `r` between a striped and a clear cell, read again from the clear cell's
/// half mirrored over the striped one, is read as the same kind, at least `weak_below` and
/// untinted (see [`TangoReadOptions::half_striped_mirror`]).
fn mirrored_agrees(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    cells: &[CellRead],
    r: &EdgeRead,
    opts: &TangoReadOptions,
) -> bool {
    let (a, b) = r.edge.cells();
    let (ia, ib) = (a.index(grid.cols), b.index(grid.cols));
    let (striped, clear) = if cells[ia].striped(opts) {
        (ia, ib)
    } else {
        (ib, ia)
    };
    // A copy of the two cells and a margin, the striped cell's side replaced by the mirror
    // image of the clear side over the grid line between them.
    let (ex, ey) = grid.edge_center(r.edge);
    let (w, h) = (img.width() as f32, img.height() as f32);
    let x0 = (ex - 1.2 * grid.cell_w).floor().max(0.0);
    let y0 = (ey - 1.2 * grid.cell_h).floor().max(0.0);
    let x1 = (ex + 1.2 * grid.cell_w).ceil().min(w);
    let y1 = (ey + 1.2 * grid.cell_h).ceil().min(h);
    if x1 - x0 < 4.0 || y1 - y0 < 4.0 {
        return false;
    }
    let striped_first = striped == ia;
    let vertical_line = matches!(r.edge, Edge::Right(_));
    let sub = RgbImage::from_fn((x1 - x0) as u32, (y1 - y0) as u32, |sx, sy| {
        let (x, y) = (x0 + sx as f32 + 0.5, y0 + sy as f32 + 0.5);
        let (along, line) = if vertical_line { (x, ex) } else { (y, ey) };
        let on_striped = if striped_first {
            along < line
        } else {
            along > line
        };
        let (mx, my) = match (on_striped, vertical_line) {
            (false, _) => (x, y),
            (true, true) => (2.0 * ex - x, y),
            (true, false) => (x, 2.0 * ey - y),
        };
        let px = (mx.floor().clamp(0.0, w - 1.0)) as u32;
        let py = (my.floor().clamp(0.0, h - 1.0)) as u32;
        *img.get_pixel(px, py)
    });
    let shifted = Grid {
        left: grid.left - x0,
        top: grid.top - y0,
        ..*grid
    };
    let mut mirrored_cells = cells.to_vec();
    mirrored_cells[striped] = CellRead {
        overlay: 0.0,
        ..cells[clear].clone()
    };
    let m = read_edge(&sub, &shifted, theme, &mirrored_cells, r.edge, opts);
    m.marker == r.marker && m.conf >= opts.weak_below && m.tinted <= opts.overlay_max_tinted
}

/// The cells something not LinkedIn's lies over ([`CellRead::spilled`],
/// [`CellRead::icon_hidden`]) and their edges (of a cell only [`CellRead::patched`], those
/// beside its coloured corners), sorted.
fn spilled_elements(
    cells: &[CellRead],
    edges: &[EdgeRead],
    grid: &Grid,
    opts: &TangoReadOptions,
) -> Vec<crate::certify::Element> {
    use crate::certify::Element;
    let mut out = Vec::new();
    let oversized = oversized_icons(cells, opts);
    let mixed = mixed_icons(cells, opts);
    let stray = stray_stripes(cells, edges, grid, opts);
    for c in cells.iter().filter(|c| {
        c.spilled(opts)
            || c.icon_hidden(opts)
            || oversized.contains(&c.pos)
            || mixed.contains(&c.pos)
            || stray.contains(&c.pos)
    }) {
        out.push(Element::Cell { pos: c.pos });
        let (r, col) = (c.pos.row, c.pos.col);
        // Each side with the corner bits beside it.
        let around = [
            ((r > 0).then(|| Pos::new(r - 1, col)), 0b0011),
            ((r + 1 < grid.rows).then(|| Pos::new(r + 1, col)), 0b1100),
            ((col > 0).then(|| Pos::new(r, col - 1)), 0b0101),
            ((col + 1 < grid.cols).then(|| Pos::new(r, col + 1)), 0b1010),
        ];
        let sides = if c.patched(opts)
            && !c.off_red(opts)
            && !c.icon_hidden(opts)
            && c.spill < opts.spill_occludes.unwrap_or(f32::INFINITY)
        {
            c.overlay_corners
        } else {
            0b1111
        };
        for q in around
            .into_iter()
            .filter(|&(_, bits)| sides & bits != 0)
            .filter_map(|(q, _)| q)
        {
            if let Some(edge) = Edge::between(c.pos, q) {
                out.push(Element::Edge { edge });
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The striped cells ([`CellRead::striped`]) LinkedIn's stripes do not explain
/// ([`TangoReadOptions::stripes_pattern`]): with no striped cell beside them, or two side by
/// side, neither with another striped neighbour, and no marker read between them.
fn stray_stripes(
    cells: &[CellRead],
    edges: &[EdgeRead],
    grid: &Grid,
    opts: &TangoReadOptions,
) -> Vec<Pos> {
    if !opts.stripes_pattern {
        return Vec::new();
    }
    let striped = |p: Pos| cells[p.index(grid.cols)].striped(opts);
    let beside = |p: Pos| -> Vec<Pos> {
        // A Tango board is square.
        crate::puzzle::side_neighbours(p.index(grid.cols), grid.cols)
            .map(|i| Pos::new(i / grid.cols, i % grid.cols))
            .filter(|&q| q.row < grid.rows && q.col < grid.cols && striped(q))
            .collect()
    };
    let marker_between = |a: Pos, b: Pos| {
        Edge::between(a, b).is_some_and(|e| edges.iter().any(|r| r.edge == e && r.marker.is_some()))
    };
    cells
        .iter()
        .filter(|c| c.striped(opts))
        .filter(|c| match beside(c.pos)[..] {
            [] => true,
            [q] => beside(q).len() == 1 && !marker_between(c.pos, q),
            _ => false,
        })
        .map(|c| c.pos)
        .collect()
}

/// The cells whose icon has both LinkedIn colours, warm and blue, each at least
/// [`TangoReadOptions::mixed_icon_min_share`] (LinkedIn's own pair only, cells in the clear).
fn mixed_icons(cells: &[CellRead], opts: &TangoReadOptions) -> Vec<Pos> {
    let Some(share) = opts.mixed_icon_min_share else {
        return Vec::new();
    };
    if cells::icon_pair(cells, opts).is_some_and(|i| i.themed) {
        return Vec::new();
    }
    cells
        .iter()
        .filter(|c| c.symbol.is_some() && !c.striped(opts) && !c.lit)
        .filter(|c| (c.hist[0] + c.hist[1]).min(c.hist[3]) >= share)
        .map(|c| c.pos)
        .collect()
}

/// The cells whose icon is larger than its kind's by more than
/// [`TangoReadOptions::oversized_icon_ratio`] (cells in the clear only).
fn oversized_icons(cells: &[CellRead], opts: &TangoReadOptions) -> Vec<Pos> {
    let Some(ratio) = opts.oversized_icon_ratio else {
        return Vec::new();
    };
    let clear = |c: &&CellRead| !c.striped(opts) && !c.lit && !c.spilled(opts);
    // The icon disc's share of coloured icon samples (light or dark grey ones may be the win
    // shimmer's band over the cell), against the upper quartile of the kind's `icon_frac`
    // (pieces fading in measure less).
    let size = |c: &CellRead| c.icon_frac * (1.0 - c.hist[5] - c.hist[6]);
    let mut out = Vec::new();
    for kind in [Symbol::Sun, Symbol::Moon] {
        let mut fracs: Vec<f32> = cells
            .iter()
            .filter(clear)
            .filter(|c| c.symbol == Some(kind))
            .map(|c| c.icon_frac)
            .collect();
        if fracs.len() < 4 {
            continue;
        }
        fracs.sort_by(f32::total_cmp);
        let upper = fracs[fracs.len() * 3 / 4];
        out.extend(
            cells
                .iter()
                .filter(clear)
                .filter(|c| c.symbol == Some(kind) && size(c) > ratio * upper)
                .map(|c| c.pos),
        );
    }
    out
}

/// The edges whose grid line is not seen ([`TangoReadOptions::unlined_edge_ratio`]) and
/// their cells join the reading's occluded elements.
fn occlude_unlined(
    reading: &mut Reading,
    img: &RgbImage,
    grid: &Grid,
    cells: &[CellRead],
    cut: Option<Side>,
    opts: &TangoReadOptions,
) -> Vec<Edge> {
    use crate::certify::Element;
    let given: Vec<bool> = cells.iter().map(|c| c.given).collect();
    // Where the noise floor is measured: cells read surely empty, not in the line of cells
    // cut by the image edge (filled in, an icon's part in view read as empty).
    let in_cut = |p: Pos| cut.is_some_and(|side| grid.on_side(p, side));
    let empty: Vec<bool> = cells
        .iter()
        .map(|c| !c.given && c.symbol.is_none() && c.conf >= opts.weak_below && !in_cut(c.pos))
        .collect();
    let striped: Vec<bool> = cells.iter().map(|c| c.striped(opts)).collect();
    let unseen = cover::unlined_edges(img, grid, &given, &empty, &striped, opts);
    for &edge in &unseen {
        let (a, b) = edge.cells();
        for e in [
            Element::Edge { edge },
            Element::Cell { pos: a },
            Element::Cell { pos: b },
        ] {
            if !reading.occluded.contains(&e) {
                reading.occluded.push(e);
            }
        }
    }
    reading.occluded.sort();
    unseen
}

/// The side of an outer row or column of the lattice at least `share` of whose cross lines
/// (two of them at least; lines between two givens are not looked at) are among the `unseen`
/// ([`TangoReadOptions::outer_unlined_share`]).
fn unlined_outer_line(
    grid: &Grid,
    unseen: &[Edge],
    cells: &[CellRead],
    share: f32,
) -> Option<Side> {
    let (rows, cols) = (grid.rows, grid.cols);
    let given = |p: Pos| cells[p.index(cols)].given;
    let lines: [(Side, Vec<Edge>); 4] = [
        (
            Side::Left,
            (0..rows - 1).map(|r| Edge::Down(Pos::new(r, 0))).collect(),
        ),
        (
            Side::Right,
            (0..rows - 1)
                .map(|r| Edge::Down(Pos::new(r, cols - 1)))
                .collect(),
        ),
        (
            Side::Top,
            (0..cols - 1).map(|c| Edge::Right(Pos::new(0, c))).collect(),
        ),
        (
            Side::Bottom,
            (0..cols - 1)
                .map(|c| Edge::Right(Pos::new(rows - 1, c)))
                .collect(),
        ),
    ];
    lines.into_iter().find_map(|(side, edges)| {
        let looked: Vec<Edge> = edges
            .into_iter()
            .filter(|e| {
                let (a, b) = e.cells();
                !(given(a) && given(b))
            })
            .collect();
        let missing = looked.iter().filter(|e| unseen.contains(e)).count();
        (missing >= 2 && missing as f32 >= share * looked.len() as f32).then_some(side)
    })
}

fn assemble(
    grid: &Grid,
    theme: Theme,
    cells: &[CellRead],
    edges: &[EdgeRead],
    opts: &TangoReadOptions,
) -> Reading {
    let mut puzzle = Tango::empty(grid.rows, grid.cols);
    let mut placed = Vec::new();
    let mut doubts = Vec::new();
    let mut weak = Vec::new();
    let mut min_conf = 1.0f32;
    for c in cells {
        match (c.symbol, c.given) {
            (Some(s), true) => puzzle.set_given(c.pos, Some(s)),
            (Some(s), false) => placed.push(Placed::Symbol {
                pos: c.pos,
                symbol: s,
            }),
            (None, _) => {}
        }
        // An empty cell under stripes is neither given nor placed: only its emptiness is read.
        let conf = if c.symbol.is_none() && c.striped(opts) && !c.lit {
            c.conf
        } else {
            c.conf.min(c.given_conf)
        };
        min_conf = min_conf.min(conf);
        let doubt = Doubt::Cell {
            pos: c.pos,
            confidence: conf,
            given_only: c.symbol.is_some() && c.conf >= opts.doubt_below,
        };
        if conf < opts.doubt_below {
            doubts.push(doubt);
        } else if conf < opts.weak_below {
            weak.push(doubt);
        }
    }
    // A glyph in the small-glyph model's range.
    let [small_lo, small_hi] = opts.marker_small_px;
    let small = |e: &EdgeRead| e.glyph_px >= small_lo && e.glyph_px < small_hi;
    for e in edges {
        if let Some(m) = e.marker {
            puzzle.set_marker(e.edge, Some(m));
        }
        min_conf = min_conf.min(e.conf);
        let doubt = Doubt::Edge {
            edge: e.edge,
            confidence: e.conf,
        };
        // A glyph in the small-glyph model's range read no surer than a learned view lifts
        // it (`weak_below`) is weak too.
        let small_lifted = small(e) && e.conf <= opts.weak_below;
        if e.conf < opts.doubt_below {
            doubts.push(doubt);
        } else if e.conf < opts.weak_below || small_lifted {
            weak.push(doubt);
        }
    }
    // Most glyphs seen are in the small-glyph model's range.
    let seen = edges
        .iter()
        .filter(|e| e.marker.is_some() && e.glyph_px > 0.0);
    let small_glyphs = 2 * seen.clone().filter(|e| small(e)).count() > seen.count();
    doubts.sort_by(|a, b| doubt_conf(a).total_cmp(&doubt_conf(b)));
    weak.sort_by(|a, b| doubt_conf(a).total_cmp(&doubt_conf(b)));
    Reading {
        puzzle: Puzzle::Tango(puzzle),
        grid: *grid,
        theme,
        placed,
        doubts,
        weak,
        min_confidence: min_conf,
        occluded: spilled_elements(cells, edges, grid, opts),
        straightened: None,
        icons: cells::icon_pair(cells, opts),
        pieces_as_givens: false,
        no_given_shading: false,
        pieces_sorted: false,
        small_glyphs,
        red_stripes: false,
        stripes_unseen: false,
        odd_crowns: Vec::new(),
        striped: cells
            .iter()
            .filter(|c| c.striped(opts))
            .map(|c| c.pos)
            .collect(),
        striped_walled: Vec::new(),
        misread_regions: Vec::new(),
        overlay_seen: cells.iter().filter(|c| c.striped(opts)).count()
            >= opts.stripes_min_cells.max(1)
            || edges.iter().any(|e| e.masked > opts.overlay_max_masked),
        cut: None,
        probabilities: None,
    }
}

fn doubt_conf(d: &Doubt) -> f32 {
    match *d {
        Doubt::Cell { confidence, .. } | Doubt::Edge { confidence, .. } => confidence,
    }
}

#[cfg(test)]
mod tests {
    use super::cells::{colour_bin, two_means_1d};
    use super::*;
    use image::Rgb;

    /// A synthetic light board: white cells, grey givens, an orange disc, a blue disc, an `=`
    /// and an `x` marker.
    fn board() -> (RgbImage, Grid) {
        let (left, top, p, n) = (30u32, 20u32, 60u32, 6u32);
        let mut img = RgbImage::from_pixel(440, 420, Rgb([243, 242, 238]));
        for y in 0..=n * p {
            for x in 0..=n * p {
                let on_line = x % p == 0 || y % p == 0;
                let (c, r) = (x / p, y / p);
                let col = if on_line {
                    [222, 216, 208]
                } else if (r, c) == (0, 0) || (r, c) == (2, 3) {
                    [238, 235, 231]
                } else {
                    [255, 255, 255]
                };
                img.put_pixel(left + x, top + y, Rgb(col));
            }
        }
        let disc = |img: &mut RgbImage, r: u32, c: u32, col: [u8; 3]| {
            let (cx, cy) = (left + c * p + p / 2, top + r * p + p / 2);
            for y in cy - 16..=cy + 16 {
                for x in cx - 16..=cx + 16 {
                    let (dx, dy) = (x as i32 - cx as i32, y as i32 - cy as i32);
                    if dx * dx + dy * dy <= 16 * 16 {
                        img.put_pixel(x, y, Rgb(col));
                    }
                }
            }
        };
        disc(&mut img, 0, 0, [245, 181, 61]); // given sun
        disc(&mut img, 2, 3, [89, 141, 226]); // given moon
        disc(&mut img, 4, 4, [245, 181, 61]); // placed sun
        let ink = Rgb([110, 95, 75]);
        // `=` on the edge between (1,1) and (1,2): x = left + 2p, y = top + 1.5p.
        let (ex, ey) = (left + 2 * p, top + p + p / 2);
        for x in ex - 5..=ex + 5 {
            img.put_pixel(x, ey - 3, ink);
            img.put_pixel(x, ey + 3, ink);
        }
        // `x` on the edge between (3,0) and (4,0): x = left + p/2, y = top + 4p.
        let (ex, ey) = (left + p / 2, top + 4 * p);
        for d in -4i32..=4 {
            img.put_pixel((ex as i32 + d) as u32, (ey as i32 + d) as u32, ink);
            img.put_pixel((ex as i32 + d) as u32, (ey as i32 - d) as u32, ink);
        }
        let grid = Grid {
            rows: 6,
            cols: 6,
            left: left as f32,
            top: top as f32,
            cell_w: p as f32,
            cell_h: p as f32,
        };
        (img, grid)
    }

    #[test]
    fn a_lattice_moves_only_onto_a_row_with_the_board_lines() {
        // The board with a row of page below it (a button's outline where the border would be).
        let (small, grid) = board();
        let mut img = RgbImage::from_pixel(440, 500, Rgb([243, 242, 238]));
        image::imageops::replace(&mut img, &small, 0, 0);
        for x in 40..380 {
            img.put_pixel(x, 430, Rgb([200, 200, 200]));
        }
        let none = [false; 36];
        // Moved down: the row gained is page.
        assert!(!gained_line_drawn(
            &img,
            &grid.moved(Side::Bottom),
            &none,
            Side::Bottom,
            0.5
        ));
        // A lattice a row low moved up: the row gained is the board's first.
        assert!(gained_line_drawn(&img, &grid, &none, Side::Top, 0.5));
        // Lines between two givens are not looked at: one line left, nothing to judge.
        let mut given = [false; 36];
        given[30..35].fill(true);
        assert!(gained_line_drawn(
            &img,
            &grid.moved(Side::Bottom),
            &given,
            Side::Bottom,
            0.5
        ));
    }

    #[test]
    fn reads_givens_placed_and_markers_on_a_known_grid() {
        let (img, grid) = board();
        let (reading, _, _) =
            read_on_grid(&img, &grid, Theme::Light, &TangoReadOptions::default()).unwrap();
        let Puzzle::Tango(t) = &reading.puzzle else {
            panic!("not tango")
        };
        assert_eq!(t.given(Pos::new(0, 0)), Some(Symbol::Sun));
        assert_eq!(t.given(Pos::new(2, 3)), Some(Symbol::Moon));
        assert_eq!(t.givens().count(), 2);
        assert_eq!(
            reading.placed,
            vec![Placed::Symbol {
                pos: Pos::new(4, 4),
                symbol: Symbol::Sun
            }]
        );
        assert_eq!(t.marker(Edge::Right(Pos::new(1, 1))), Some(Marker::Same));
        assert_eq!(t.marker(Edge::Down(Pos::new(3, 0))), Some(Marker::Opposite));
        assert_eq!(t.markers().count(), 2);
    }

    #[test]
    fn stripes_linkedin_would_not_draw_are_something_over_the_board() {
        let (img, grid) = board();
        let opts = TangoReadOptions::default();
        let (_, cells, edges) = read_on_grid(&img, &grid, Theme::Light, &opts).unwrap();
        let stray = |striped: &[(usize, usize)]| {
            let mut cells = cells.clone();
            for &(r, c) in striped {
                cells[r * 6 + c].overlay = 0.5;
                cells[r * 6 + c].overlay_corners = 0b1111;
            }
            let mut out = stray_stripes(&cells, &edges, &grid, &opts);
            out.sort();
            out
        };
        let at =
            |v: &[(usize, usize)]| -> Vec<Pos> { v.iter().map(|&(r, c)| Pos::new(r, c)).collect() };
        // One cell alone; two side by side with no marker between them.
        assert_eq!(stray(&[(4, 2)]), at(&[(4, 2)]));
        assert_eq!(stray(&[(4, 2), (4, 3)]), at(&[(4, 2), (4, 3)]));
        // Two across the board's `=` (r2c2|r2c3), three in a line, a whole row: LinkedIn's.
        assert!(stray(&[(1, 1), (1, 2)]).is_empty());
        assert!(stray(&[(4, 1), (4, 2), (4, 3)]).is_empty());
        assert!(stray(&[(5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (5, 5)]).is_empty());
        let off = TangoReadOptions {
            stripes_pattern: false,
            ..TangoReadOptions::default()
        };
        let mut lone = cells.clone();
        lone[4 * 6 + 2].overlay = 0.5;
        assert!(stray_stripes(&lone, &edges, &grid, &off).is_empty());
    }

    #[test]
    fn a_chroma_spike_on_the_ink_does_not_erase_an_x() {
        // JPEG noise lifts single samples of the brown ink above the colour limit; the x must
        // keep its centre and read as `x`, not `=`.
        let (mut img, grid) = board();
        let (ex, ey) = (30 + 30, 20 + 4 * 60);
        img.put_pixel(ex, ey, Rgb([150, 90, 40]));
        let (reading, _, _) =
            read_on_grid(&img, &grid, Theme::Light, &TangoReadOptions::default()).unwrap();
        let Puzzle::Tango(t) = &reading.puzzle else {
            panic!("not tango")
        };
        assert_eq!(t.marker(Edge::Down(Pos::new(3, 0))), Some(Marker::Opposite));
        assert!(reading.doubts.is_empty(), "{:?}", reading.doubts);
    }

    #[test]
    fn reads_the_synthetic_board_end_to_end() {
        let (img, _) = board();
        let r = read_tango(&img, &TangoReadOptions::default()).unwrap();
        assert_eq!(r.grid.rows, 6);
        let Puzzle::Tango(t) = &r.puzzle else {
            panic!("not tango")
        };
        assert_eq!(t.givens().count(), 2);
        assert_eq!(t.markers().count(), 2);
    }

    #[test]
    fn darker_renders_read_the_same() {
        for id in [
            "tango-6x6-light-none-raw",
            "tango-8x8-dark-phone-in-progress",
        ] {
            let path = format!("{}/fixtures/{id}.png", env!("CARGO_MANIFEST_DIR"));
            let img = image::open(path).expect("fixture").to_rgb8();
            let opts = TangoReadOptions::default();
            let want = read_tango(&img, &opts).expect("original");
            let dim = crate::vision::pixel::scaled(&img, 0.75);
            let got = read_tango(&dim, &opts).expect("25% darker");
            assert_eq!(
                crate::format::print(&got.puzzle),
                crate::format::print(&want.puzzle),
                "{id}"
            );
        }
    }

    #[test]
    fn grey_glyphs_are_not_tango_icons() {
        let (mut img, _) = board();
        for px in img.pixels_mut() {
            if px.0 == [245, 181, 61] || px.0 == [89, 141, 226] {
                *px = Rgb([40, 40, 40]);
            }
        }
        assert!(matches!(
            read_tango(&img, &TangoReadOptions::default()),
            Err(ReadError::NoBoard(_))
        ));
    }

    #[test]
    fn otsu_splits_two_levels() {
        let (thr, lo, hi) = two_means_1d(&[236.0, 255.0, 254.0, 237.0, 255.0]).unwrap();
        assert!(thr > 237.0 && thr < 254.0);
        assert!(lo < 238.0 && hi > 253.0);
    }

    #[test]
    fn documented_defaults_match_the_code() {
        crate::vision::check_documented_defaults(
            include_str!("mod.rs"),
            "TangoReadOptions",
            &format!(
                "{:?}",
                TangoReadOptions {
                    locate: TangoLocateOptions {
                        work_max_sides: Vec::new(),
                        ..TangoLocateOptions::default()
                    },
                    ..TangoReadOptions::default()
                }
            ),
        );
        crate::vision::check_documented_defaults(
            include_str!("locate.rs"),
            "TangoLocateOptions",
            &format!("{:?}", TangoLocateOptions::default()),
        );
    }

    #[test]
    fn hue_bins() {
        let bins = TangoReadOptions::default().hue_bins;
        assert_eq!(colour_bin([245.0, 181.0, 61.0], 255.0, 40.0, &bins), 0);
        assert_eq!(colour_bin([89.0, 141.0, 226.0], 255.0, 40.0, &bins), 3);
        assert_eq!(colour_bin([20.0, 20.0, 20.0], 255.0, 40.0, &bins), 5);
    }
}
