//! A synthetic LinkedIn-style screenshot renderer: draws a puzzle the way LinkedIn's Tango and
//! Queens pages do, optionally inside desktop or phone page chrome, in a game state (raw,
//! in progress, solved), then degrades it (blur, noise, JPEG) like real captures.
//!
//! Everything is deterministic for [`SynthOptions::seed`]. The returned [`RenderedShot`] holds
//! the ground truth a reader should find: the board's [`Grid`] and the pieces placed.

mod board;
mod hint_mode;
mod options;
mod page;
mod pieces;
mod pointer;
#[cfg(test)]
mod tests;
mod variation;

pub use board::HOVER_DARKEN;
pub use options::*;
pub use pointer::CURSOR_SIZE;
pub use variation::{Pointer, Side, Variations};

use super::RenderError;
use super::draw::{Color, hex, mix};
use super::palette::Palette;
use super::rng::Rng;
use crate::board::{Grid, Placed, Theme};
use crate::puzzle::{Pos, Puzzle, Queens, Solution};
use image::RgbImage;
use variation::StripeLayer;

/// Largest ratio of rows to columns [`render`] draws (keeps images bounded: the board width is
/// at most [`SCALE_RANGE`]`.1`).
pub const MAX_ASPECT: usize = 4;

/// Smallest and largest board width accepted by [`render`].
pub const SCALE_RANGE: (u32, u32) = (24, 4000);

/// Salt of the random stream that picks a Queens clash ([`Variations::clash`]).
const CLASH_SALT: u64 = 0xC1A5_4C1A_5400_0001;

/// A rendered screenshot and its ground truth.
#[derive(Clone, Debug)]
pub struct RenderedShot {
    /// The image.
    pub image: RgbImage,
    /// Where the board's cells are.
    pub grid: Grid,
    /// The theme drawn.
    pub theme: Theme,
    /// The pieces drawn on the board that are not part of the puzzle (player moves).
    pub placed: Vec<Placed>,
    /// The box `(x0, y0, x1, y1)` the mouse pointer of [`Variations::pointer`] covers (before
    /// a cut), if one was drawn.
    pub pointer_box: Option<(f32, f32, f32, f32)>,
}

/// Renders a puzzle as a LinkedIn-style screenshot. `solution` is needed for the in-progress
/// and solved states (the caller solves); it is ignored for the raw state.
pub fn render(
    p: &Puzzle,
    solution: Option<&Solution>,
    opts: &SynthOptions,
) -> Result<RenderedShot, RenderError> {
    render_pieces(p, solution, None, opts)
}

/// Renders a puzzle with the pieces a player placed (from puzzle text, say) instead of pieces
/// chosen for the game state; `opts.state` only picks the page chrome.
pub fn render_with_placed(
    p: &Puzzle,
    placed: &[Placed],
    opts: &SynthOptions,
) -> Result<RenderedShot, RenderError> {
    let raw = SynthOptions {
        state: GameState::Raw,
        ..opts.clone()
    };
    render_pieces(p, None, Some(placed), &raw)
}

/// [`render`], with the pieces given or chosen for the state.
fn render_pieces(
    p: &Puzzle,
    solution: Option<&Solution>,
    given: Option<&[Placed]>,
    opts: &SynthOptions,
) -> Result<RenderedShot, RenderError> {
    validate(opts)?;
    let sol = match opts.state {
        GameState::Raw => None,
        GameState::InProgress | GameState::Solved => {
            let s = solution.ok_or(RenderError::NeedSolution(opts.state.name()))?;
            s.check_fits(p).map_err(RenderError::SolutionMismatch)?;
            Some(s)
        }
    };
    if opts.variations.hint_mode && !matches!(p, Puzzle::Queens(_)) {
        return Err(RenderError::BadOption(
            "hint mode is a Queens overlay (Tango has no regions to hint)".to_string(),
        ));
    }
    let (rows, cols) = p.size();
    if rows == 0 || cols == 0 || rows > MAX_ASPECT * cols {
        return Err(RenderError::BadOption(format!(
            "cannot draw a {rows}x{cols} board (at most {MAX_ASPECT} times taller than wide)"
        )));
    }
    let mut rng = Rng::new(opts.seed);
    let pal = Palette::for_theme(opts.theme);
    let board_w = opts.scale as f32;
    let cell = board_w / cols as f32;
    let board_h = cell * rows as f32;

    let (mut img, left, top) = match opts.frame {
        Frame::None => page::frame_none(&pal, board_w, board_h),
        Frame::Desktop => page::frame_desktop(&pal, p, board_w, board_h, opts.state),
        Frame::Phone => page::frame_phone(&pal, p, board_w, board_h, opts.state, &mut rng),
    };
    let grid = Grid {
        rows,
        cols,
        left,
        top,
        cell_w: cell,
        cell_h: cell,
    };
    let mut placed = match given {
        Some(pl) => pl.to_vec(),
        None => pieces::choose_placed(p, sol, opts, &mut rng),
    };
    let stripes = &opts.variations;
    // Where the pieces break a rule, chosen first (a stream of its own, so that every other
    // render stays the same): Queens crowns clashing on a line, three alike in a Tango line.
    let clash_at = if stripes.clash && (stripes.stripes || stripes.stripes_over) && given.is_none()
    {
        let mut crng = Rng::new(opts.seed ^ CLASH_SALT);
        match p {
            Puzzle::Queens(q) => {
                let line = variation::Line::seeded(&grid, &mut crng);
                variation::clash_on(line, q.n(), &mut placed, &mut crng);
                Some(variation::Stretch::whole(line, &grid))
            }
            Puzzle::Tango(t) => variation::clash_tango(t, solution, &mut placed, &mut crng),
        }
    } else {
        None
    };
    let colors = match p {
        Puzzle::Queens(q) => queens_colors(q, opts, &mut rng),
        Puzzle::Tango(_) => Vec::new(),
    };
    let v = &opts.variations;
    let mut vrng = variation::rng_for(opts.seed);
    let icons = v.themed.then(|| variation::icon_pair(&mut vrng));
    let look = BoardLook {
        pal: &pal,
        colors: &colors,
        icons: icons.as_ref(),
        gold: match opts.crown_style {
            CrownStyle::Gold => true,
            CrownStyle::Black => false,
            CrownStyle::Auto => opts.frame == Frame::Phone,
        },
    };
    if v.fade < 1.0 && !placed.is_empty() {
        let mut under = img.clone();
        draw_board(&mut under, p, &grid, &[], &look);
        draw_board(&mut img, p, &grid, &placed, &look);
        variation::blend_over(&mut img, &under, v.fade);
    } else {
        draw_board(&mut img, p, &grid, &placed, &look);
    }
    if opts.cursor {
        let x = grid.left + rng.f32() * grid.width();
        let y = grid.top + rng.f32() * grid.height();
        pointer::cursor(&mut img, x, y, (board_w * CURSOR_SIZE).max(12.0));
    }
    if let (true, Puzzle::Queens(q)) = (v.hint_mode, p) {
        hint_mode::hint_mode(&mut img, &grid, q, &mut vrng);
    }
    let ground = match p {
        Puzzle::Tango(t) => StripeLayer::Ground(
            Some(pal.tango_cell),
            t.markers().map(|(e, _)| grid.edge_center(e)).collect(),
        ),
        Puzzle::Queens(_) => StripeLayer::Ground(None, Vec::new()),
    };
    let pointer_box = draw_variations(&mut img, &grid, opts, ground, clash_at, &mut vrng);
    let (mut img, grid) = match v.cut {
        Some(side) => variation::cut(&img, &grid, side, &mut vrng),
        None => (img, grid),
    };
    degrade(&mut img, opts, &mut rng)?;
    Ok(RenderedShot {
        image: img,
        grid,
        theme: opts.theme,
        placed,
        pointer_box,
    })
}

/// How the board is drawn, beyond the puzzle and its pieces.
struct BoardLook<'a> {
    pal: &'a Palette,
    /// Queens: the colour of every cell.
    colors: &'a [Vec<Color>],
    /// Tango: themed icons instead of sun and moon.
    icons: Option<&'a [variation::Icon; 2]>,
    /// Queens: gold crowns.
    gold: bool,
}

/// Draws the board of either game with the given pieces.
fn draw_board(img: &mut RgbImage, p: &Puzzle, grid: &Grid, placed: &[Placed], look: &BoardLook) {
    match p {
        Puzzle::Tango(t) => board::draw_tango(img, grid, t, placed, look.pal, look.icons),
        Puzzle::Queens(q) => {
            board::draw_queens(img, grid, q, placed, look.pal, look.colors, look.gold)
        }
    }
}

/// Draws the overlays of [`SynthOptions::variations`] (stripes, shimmer, pointer, in that
/// order); returns the box the pointer covers. `ground`: how LinkedIn's stripes are drawn on
/// this board (Tango: the plain cell's colour between them, clear squares around markers;
/// Queens: each cell keeps its region colour). `at`: where the stripes go (a seeded whole
/// line when `None`).
fn draw_variations(
    img: &mut RgbImage,
    grid: &Grid,
    opts: &SynthOptions,
    ground: StripeLayer,
    at: Option<variation::Stretch>,
    rng: &mut Rng,
) -> Option<(f32, f32, f32, f32)> {
    let v = &opts.variations;
    if v.stripes {
        variation::stripes(img, grid, rng, ground, at);
    }
    if v.stripes_over {
        variation::stripes(img, grid, rng, StripeLayer::Over, at);
    }
    if v.shimmer {
        variation::shimmer(img, grid, rng);
    }
    let scale = if v.pointer_scale > 0.0 {
        v.pointer_scale
    } else {
        opts.scale as f32 / 360.0
    };
    v.pointer
        .map(|kind| variation::pointer(img, grid, kind, scale, rng))
}

/// Refuses options out of their documented ranges.
fn validate(opts: &SynthOptions) -> Result<(), RenderError> {
    if !(SCALE_RANGE.0..=SCALE_RANGE.1).contains(&opts.scale) {
        return Err(RenderError::BadOption(format!(
            "scale {} outside {}..={}",
            opts.scale, SCALE_RANGE.0, SCALE_RANGE.1
        )));
    }
    if let Some(q) = opts.jpeg_quality
        && !(1..=100).contains(&q)
    {
        return Err(RenderError::BadOption(format!(
            "JPEG quality {q} outside 1..=100"
        )));
    }
    if !(opts.blur.is_finite() && (0.0..=20.0).contains(&opts.blur)) {
        return Err(RenderError::BadOption(format!(
            "blur {} outside 0..=20",
            opts.blur
        )));
    }
    if !(opts.noise.is_finite() && (0.0..=64.0).contains(&opts.noise)) {
        return Err(RenderError::BadOption(format!(
            "noise {} outside 0..=64",
            opts.noise
        )));
    }
    if !(opts.progress.is_finite() && (0.0..=1.0).contains(&opts.progress)) {
        return Err(RenderError::BadOption(format!(
            "progress {} outside 0..=1",
            opts.progress
        )));
    }
    let v = &opts.variations;
    if !(v.fade.is_finite() && (0.0..=1.0).contains(&v.fade)) {
        return Err(RenderError::BadOption(format!(
            "fade {} outside 0..=1",
            v.fade
        )));
    }
    if !(v.pointer_scale.is_finite() && (0.0..=20.0).contains(&v.pointer_scale)) {
        return Err(RenderError::BadOption(format!(
            "pointer scale {} outside 0..=20",
            v.pointer_scale
        )));
    }
    Ok(())
}

/// The colour of every Queens cell: its region's colour, darker under the hovered cell.
fn queens_colors(q: &Queens, opts: &SynthOptions, rng: &mut Rng) -> Vec<Vec<Color>> {
    let mut colors: Vec<Vec<Color>> = Vec::new();
    let base = board::region_colors(q.n(), opts.shuffle_colors, rng);
    let hover = opts
        .hover
        .then(|| Pos::new(rng.below(q.n()), rng.below(q.n())));
    for r in 0..q.n() {
        colors.push(
            (0..q.n())
                .map(|c| {
                    let col = base[q.region(Pos::new(r, c)) % base.len()];
                    if hover == Some(Pos::new(r, c)) {
                        mix(col, hex(0x000000), HOVER_DARKEN)
                    } else {
                        col
                    }
                })
                .collect(),
        );
    }
    colors
}

/// Blur, noise and JPEG round trip, in that order.
fn degrade(img: &mut RgbImage, opts: &SynthOptions, rng: &mut Rng) -> Result<(), RenderError> {
    if opts.blur > 0.0 {
        *img = image::imageops::blur(img, opts.blur);
    }
    if opts.noise > 0.0 {
        for ch in img.iter_mut() {
            let v = *ch as f32 + rng.normal16() * opts.noise;
            *ch = v.round().clamp(0.0, 255.0) as u8;
        }
    }
    if let Some(q) = opts.jpeg_quality {
        *img = jpeg_round_trip(img, q)?;
    }
    Ok(())
}

/// Encodes an image as JPEG at quality `q` and decodes it again.
pub fn jpeg_round_trip(img: &RgbImage, q: u8) -> Result<RgbImage, RenderError> {
    let mut buf = Vec::new();
    let mut enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut buf, q.clamp(1, 100));
    enc.encode_image(img)
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    let dec = image::load_from_memory_with_format(&buf, image::ImageFormat::Jpeg)
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(dec.to_rgb8())
}
