//! A synthetic LinkedIn-style screenshot renderer: draws a puzzle the way LinkedIn's Tango and
//! Queens pages do, optionally inside desktop or phone page chrome, in a game state (raw,
//! in progress, solved), then degrades it (blur, noise, JPEG) like real captures.
//!
//! Everything is deterministic for [`SynthOptions::seed`]. The returned [`RenderedShot`] holds
//! the ground truth a reader should find: the board's [`Grid`] and the pieces placed.

use super::RenderError;
use super::draw::{self, Color, GlyphStyle, Shape, hex, mix};
use super::palette::{self, Palette};
use super::rng::Rng;
use crate::board::{Grid, Placed, Theme};
use crate::puzzle::{Edge, Marker, Pos, Puzzle, Queens, Solution, Symbol, Tango};
use image::RgbImage;

/// What surrounds the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Frame {
    /// The board with a small margin (a cropped capture).
    #[default]
    None,
    /// A desktop browser page: top navigation bar, game header (title, timer, Clear), the board
    /// in a card with Undo / Hint buttons and a "How to play" box.
    Desktop,
    /// A phone screenshot: status bar, app header, timer row, board, buttons, boxes.
    Phone,
}

impl Frame {
    /// Lowercase name (`none`, `desktop`, `phone`).
    pub fn name(self) -> &'static str {
        match self {
            Frame::None => "none",
            Frame::Desktop => "desktop",
            Frame::Phone => "phone",
        }
    }
    /// Parses a name as printed by [`Frame::name`].
    pub fn parse(s: &str) -> Option<Frame> {
        [Frame::None, Frame::Desktop, Frame::Phone]
            .into_iter()
            .find(|f| f.name() == s)
    }
}

/// Lowercase name of a theme (`light`, `dark`), as the CLI and the fixture manifest spell it.
pub fn theme_name(t: Theme) -> &'static str {
    match t {
        Theme::Light => "light",
        Theme::Dark => "dark",
    }
}

/// Parses a theme name as printed by [`theme_name`].
pub fn parse_theme(s: &str) -> Option<Theme> {
    [Theme::Light, Theme::Dark]
        .into_iter()
        .find(|&t| theme_name(t) == s)
}

/// Old name of [`GameState`], kept so callers of the former path still compile.
pub type State = GameState;

/// The game state drawn on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameState {
    /// Only the puzzle: Tango givens and markers, Queens regions.
    #[default]
    Raw,
    /// Some pieces placed by a player (needs the solution).
    InProgress,
    /// Every piece placed (needs the solution).
    Solved,
}

impl GameState {
    /// Name (`raw`, `in-progress`, `solved`).
    pub fn name(self) -> &'static str {
        match self {
            GameState::Raw => "raw",
            GameState::InProgress => "in-progress",
            GameState::Solved => "solved",
        }
    }
    /// Parses a name as printed by [`GameState::name`].
    pub fn parse(s: &str) -> Option<GameState> {
        [GameState::Raw, GameState::InProgress, GameState::Solved]
            .into_iter()
            .find(|f| f.name() == s)
    }
}

/// How Queens crowns are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CrownStyle {
    /// Gold on phones, black elsewhere (what LinkedIn does).
    #[default]
    Auto,
    /// Gold crown with a brown outline (phone app).
    Gold,
    /// Flat black crown (desktop).
    Black,
}

/// Options of [`render`]. `Default` gives a light, cropped, raw 360 px board.
#[derive(Clone, Debug, PartialEq)]
pub struct SynthOptions {
    /// Light or dark mode. Default light.
    pub theme: Theme,
    /// Board width in pixels (the cells, without the outer frame). Default 360; accepted
    /// 24..=4000.
    pub scale: u32,
    /// Page chrome around the board. Default none.
    pub frame: Frame,
    /// Game state. Default raw.
    pub state: GameState,
    /// Re-encode as JPEG at this quality (1..=100) and decode again. Default none.
    pub jpeg_quality: Option<u8>,
    /// Gaussian blur sigma in pixels (0 = none). Default 0.
    pub blur: f32,
    /// Standard deviation of additive per-channel noise, in 0..255 levels (0 = none).
    /// Default 0.
    pub noise: f32,
    /// Seed for every random choice (pieces placed, colours, noise). Default 0.
    pub seed: u64,
    /// In-progress state: share of the open Tango cells filled / Queens crowns placed.
    /// Default 0.4.
    pub progress: f32,
    /// In-progress state: how many placed pieces are wrong (a Tango symbol flipped, a Queens
    /// crown moved off its solution cell). Default 0.
    pub wrong_pieces: usize,
    /// Queens: draw x marks (on every non-crown cell when solved, on cells the placed crowns
    /// rule out when in progress). Default true.
    pub x_marks: bool,
    /// Queens crown look. Default [`CrownStyle::Auto`].
    pub crown_style: CrownStyle,
    /// Queens: shuffle the region colours with the seed (otherwise region k takes
    /// [`palette::QUEENS_REGIONS`]`[k]`). Default true.
    pub shuffle_colors: bool,
    /// Queens: draw one random cell darker, as LinkedIn does under the mouse. Default false.
    pub hover: bool,
    /// Draw a mouse pointer at a random spot over the board (desktop captures and videos
    /// show one; it can hide part of a cell or marker). Default false.
    pub cursor: bool,
}

impl Default for SynthOptions {
    fn default() -> Self {
        SynthOptions {
            theme: Theme::Light,
            scale: 360,
            frame: Frame::None,
            state: GameState::Raw,
            jpeg_quality: None,
            blur: 0.0,
            noise: 0.0,
            seed: 0,
            progress: 0.4,
            wrong_pieces: 0,
            x_marks: true,
            crown_style: CrownStyle::Auto,
            shuffle_colors: true,
            hover: false,
            cursor: false,
        }
    }
}

/// Ranges [`SynthOptions::random`] draws from (the stress-test spread of issue 4).
#[derive(Clone, Debug, PartialEq)]
pub struct RandomRanges {
    /// Board width at scale 1, in pixels. Default 360.
    pub base_scale: u32,
    /// Smallest and largest scale factor. Default 0.4..=3.0.
    pub scale: (f32, f32),
    /// Smallest and largest JPEG quality. Default 35..=95.
    pub jpeg: (u8, u8),
    /// Share of renders saved as JPEG (the others stay lossless). Default 0.7.
    pub jpeg_share: f32,
    /// Largest blur sigma in pixels. Default 0.8.
    pub max_blur: f32,
    /// Largest noise standard deviation in levels. Default 3.
    pub max_noise: f32,
    /// Share of renders with a hovered (darker) Queens cell. Default 0.
    pub hover_share: f32,
    /// Share of renders with a mouse pointer over the board. Default 0 (a pointer can hide a
    /// marker, so a read can then not be exact).
    pub cursor_share: f32,
}

impl Default for RandomRanges {
    fn default() -> Self {
        RandomRanges {
            base_scale: 360,
            scale: (0.4, 3.0),
            jpeg: (35, 95),
            jpeg_share: 0.7,
            max_blur: 0.8,
            max_noise: 3.0,
            hover_share: 0.0,
            cursor_share: 0.0,
        }
    }
}

impl SynthOptions {
    /// Random options within `ranges`: theme, frame and state uniformly, scale, JPEG quality,
    /// blur and noise from their ranges, a fresh seed. Deterministic for the generator's state.
    pub fn random(rng: &mut Rng, ranges: &RandomRanges) -> SynthOptions {
        let theme = if rng.chance(0.5) {
            Theme::Light
        } else {
            Theme::Dark
        };
        let frame = [Frame::None, Frame::Desktop, Frame::Phone][rng.below(3)];
        let state = [GameState::Raw, GameState::InProgress, GameState::Solved][rng.below(3)];
        let (s0, s1) = ranges.scale;
        let factor = s0 + (s1 - s0) * rng.f32();
        let scale = ((ranges.base_scale as f32 * factor).round() as u32)
            .clamp(SCALE_RANGE.0, SCALE_RANGE.1);
        let (q0, q1) = ranges.jpeg;
        let jpeg_quality = rng
            .chance(ranges.jpeg_share)
            .then(|| q0.min(q1) + rng.below((q1.max(q0) - q0.min(q1)) as usize + 1) as u8);
        let blur = if rng.chance(0.3) {
            ranges.max_blur * rng.f32()
        } else {
            0.0
        };
        let noise = if rng.chance(0.3) {
            ranges.max_noise * rng.f32()
        } else {
            0.0
        };
        let hover = ranges.hover_share > 0.0 && rng.chance(ranges.hover_share);
        let cursor = ranges.cursor_share > 0.0 && rng.chance(ranges.cursor_share);
        SynthOptions {
            theme,
            scale,
            frame,
            state,
            jpeg_quality,
            blur,
            noise,
            hover,
            cursor,
            seed: rng.next_u64(),
            ..SynthOptions::default()
        }
    }
}

/// Largest ratio of rows to columns [`render`] draws (keeps images bounded: the board width is
/// at most [`SCALE_RANGE`]`.1`).
pub const MAX_ASPECT: usize = 4;

/// Smallest and largest board width accepted by [`render`].
pub const SCALE_RANGE: (u32, u32) = (24, 4000);

/// Layout proportions of the page chrome (relative to the board width or page width). These
/// are measured on real captures; they are constants rather than options because they describe
/// LinkedIn's layout, not a tunable of the renderer.
mod layout {
    /// Margin around a cropped board, relative to the board width.
    pub const CROP_MARGIN: f32 = 0.045;
    /// Desktop page width relative to the board width.
    pub const DESKTOP_WIDTH: f32 = 2.6;
    /// Desktop top navigation bar height relative to the board width.
    pub const DESKTOP_NAV: f32 = 0.13;
    /// Desktop game header height relative to the board width.
    pub const DESKTOP_HEADER: f32 = 0.14;
    /// Phone page width relative to the board width.
    pub const PHONE_WIDTH: f32 = 1.085;
    /// Phone page height relative to its width (iPhone 1284x2778).
    pub const PHONE_ASPECT: f32 = 2.163;
    /// Phone board top relative to the page width.
    pub const PHONE_BOARD_TOP: f32 = 0.66;
}

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
}

/// Renders a puzzle as a LinkedIn-style screenshot. `solution` is needed for the in-progress
/// and solved states (the caller solves); it is ignored for the raw state.
pub fn render(
    p: &Puzzle,
    solution: Option<&Solution>,
    opts: &SynthOptions,
) -> Result<RenderedShot, RenderError> {
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
    let sol = match opts.state {
        GameState::Raw => None,
        GameState::InProgress | GameState::Solved => {
            let s = solution.ok_or(RenderError::NeedSolution(opts.state.name()))?;
            s.check_fits(p).map_err(RenderError::SolutionMismatch)?;
            Some(s)
        }
    };
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
        Frame::None => frame_none(&pal, board_w, board_h),
        Frame::Desktop => frame_desktop(&pal, p, board_w, board_h, opts.state),
        Frame::Phone => frame_phone(&pal, p, board_w, board_h, opts.state, &mut rng),
    };
    let grid = Grid {
        rows,
        cols,
        left,
        top,
        cell_w: cell,
        cell_h: cell,
    };
    let placed = choose_placed(p, sol, opts, &mut rng);
    match p {
        Puzzle::Tango(t) => draw_tango(&mut img, &grid, t, &placed, &pal),
        Puzzle::Queens(q) => {
            let gold = match opts.crown_style {
                CrownStyle::Gold => true,
                CrownStyle::Black => false,
                CrownStyle::Auto => opts.frame == Frame::Phone,
            };
            let mut colors: Vec<Vec<Color>> = Vec::new();
            let base = region_colors(q.n(), opts.shuffle_colors, &mut rng);
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
            draw_queens(&mut img, &grid, q, &placed, &pal, &colors, gold)
        }
    }
    if opts.cursor {
        let x = grid.left + rng.f32() * grid.width();
        let y = grid.top + rng.f32() * grid.height();
        cursor(&mut img, x, y, (board_w * CURSOR_SIZE).max(12.0));
    }
    degrade(&mut img, opts, &mut rng)?;
    Ok(RenderedShot {
        image: img,
        grid,
        theme: opts.theme,
        placed,
    })
}

/// Region colours for `n` regions (shuffled with the seed when asked).
fn region_colors(n: usize, shuffle: bool, rng: &mut Rng) -> Vec<Color> {
    let mut v: Vec<u32> = palette::QUEENS_REGIONS.to_vec();
    if shuffle {
        // Shuffle within the first `n` colours (plus a few more for variety) so that large
        // boards still get the distinct colours first.
        let k = (n + 2).min(v.len());
        rng.shuffle(&mut v[..k]);
    }
    v.into_iter().take(n.max(1)).map(hex).collect()
}

/// Picks the pieces a player has placed for the state.
fn choose_placed(
    p: &Puzzle,
    sol: Option<&Solution>,
    opts: &SynthOptions,
    rng: &mut Rng,
) -> Vec<Placed> {
    let Some(sol) = sol else {
        return Vec::new();
    };
    let solved = opts.state == GameState::Solved;
    let mut out = Vec::new();
    match p {
        Puzzle::Tango(t) => {
            let mut open: Vec<Pos> = t.positions().filter(|&q| t.given(q).is_none()).collect();
            if !solved {
                rng.shuffle(&mut open);
                let k = ((open.len() as f32) * opts.progress).round() as usize;
                open.truncate(k.max(opts.wrong_pieces.min(open.len())));
                open.sort();
            }
            let mut wrong: Vec<usize> = (0..open.len()).collect();
            rng.shuffle(&mut wrong);
            wrong.truncate(if solved { 0 } else { opts.wrong_pieces });
            for (i, &pos) in open.iter().enumerate() {
                let Some(s) = sol.symbol(pos) else { continue };
                let s = if wrong.contains(&i) { s.other() } else { s };
                out.push(Placed::Symbol { pos, symbol: s });
            }
        }
        Puzzle::Queens(q) => {
            let Solution::Queens { crowns } = sol else {
                return out;
            };
            let n = q.n();
            let mut rows: Vec<usize> = (0..n).collect();
            if !solved {
                rng.shuffle(&mut rows);
                let k = ((n as f32) * opts.progress).round() as usize;
                rows.truncate(k.max(opts.wrong_pieces.min(n)).min(n));
            }
            let mut crown_cells: Vec<Pos> = Vec::new();
            for (i, &r) in rows.iter().enumerate() {
                let mut c = crowns[r];
                if !solved && i < opts.wrong_pieces {
                    // Move the crown one cell sideways: a plausible player mistake.
                    c = if c + 1 < n { c + 1 } else { c - 1 };
                }
                crown_cells.push(Pos::new(r, c));
            }
            crown_cells.sort();
            let ruled_out = |x: Pos| {
                crown_cells.iter().any(|&c| {
                    c != x
                        && (c.row == x.row
                            || c.col == x.col
                            || q.region(c) == q.region(x)
                            || (c.row.abs_diff(x.row) <= 1 && c.col.abs_diff(x.col) <= 1))
                })
            };
            for r in 0..n {
                for c in 0..n {
                    let pos = Pos::new(r, c);
                    if crown_cells.contains(&pos) {
                        out.push(Placed::Crown { pos });
                    } else if opts.x_marks && ruled_out(pos) && (solved || rng.chance(0.7)) {
                        out.push(Placed::Cross { pos });
                    }
                }
            }
        }
    }
    out
}

fn canvas(w: f32, h: f32, c: Color) -> RgbImage {
    RgbImage::from_pixel(w.round().max(1.0) as u32, h.round().max(1.0) as u32, c)
}

/// A cropped board: the board with a small page-coloured margin.
fn frame_none(pal: &Palette, bw: f32, bh: f32) -> (RgbImage, f32, f32) {
    let m = (bw * layout::CROP_MARGIN).round().max(3.0);
    let img = canvas(bw + 2.0 * m, bh + 2.0 * m, pal.page);
    (img, m, m)
}

fn game_title(p: &Puzzle) -> &'static str {
    match p {
        Puzzle::Tango(_) => "Tango",
        Puzzle::Queens(_) => "Queens",
    }
}

/// A pill-shaped button with a centred label.
#[allow(clippy::too_many_arguments)]
fn pill(
    img: &mut RgbImage,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    bg: Option<Color>,
    border: Option<Color>,
    label: &str,
    fg: Color,
) {
    let r = (y1 - y0) / 2.0;
    let s = Shape::rrect(x0, y0, x1, y1, r);
    if let Some(bg) = bg {
        draw::fill(img, &s, bg, 1.0);
    }
    if let Some(b) = border {
        let w = ((y1 - y0) * 0.04).max(1.0);
        draw::fill(img, &s.offset(-w / 2.0).stroke(w), b, 1.0);
    }
    let th = (y1 - y0) * 0.36;
    let tw = draw::text_width(label, th);
    draw::text(
        img,
        (x0 + x1) / 2.0 - tw / 2.0,
        (y0 + y1) / 2.0 - th / 2.0,
        th,
        label,
        fg,
    );
}

/// A clock icon and a time, e.g. `0:26`, with its left edge at `x` and vertical centre `cy`.
fn timer(img: &mut RgbImage, x: f32, cy: f32, h: f32, text: &str, color: Color) {
    let r = h * 0.55;
    let w = (h * 0.14).max(1.0);
    draw::fill(img, &Shape::circle(x + r, cy, r).stroke(w), color, 1.0);
    draw::line(img, (x + r, cy - r * 0.55), (x + r, cy), w, color);
    draw::line(img, (x + r, cy), (x + r * 1.45, cy), w, color);
    draw::text(img, x + 2.6 * r, cy - h / 2.0, h, text, color);
}

/// A back arrow (left pointing) at `(x, cy)`, `h` tall.
fn back_arrow(img: &mut RgbImage, x: f32, cy: f32, h: f32, color: Color) {
    let w = (h * 0.12).max(1.0);
    draw::fill(
        img,
        &Shape::segment((x, cy), (x + h, cy), w)
            .union(Shape::segment((x, cy), (x + h * 0.45, cy - h * 0.45), w))
            .union(Shape::segment((x, cy), (x + h * 0.45, cy + h * 0.45), w)),
        color,
        1.0,
    );
}

/// A text box with a title and a chevron ("How to play").
#[allow(clippy::too_many_arguments)]
fn info_box(
    img: &mut RgbImage,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    title: &str,
    pal: &Palette,
    bg: Color,
) {
    let r = (y1 - y0) * 0.06;
    let s = Shape::rrect(x0, y0, x1, y1, r);
    draw::fill(img, &s, bg, 1.0);
    draw::fill(img, &s.offset(-0.5).stroke(1.0), pal.panel_border, 1.0);
    let th = (y1 - y0) * 0.2;
    let pad = (x1 - x0) * 0.05;
    draw::text(
        img,
        x0 + pad,
        (y0 + y1) / 2.0 - th / 2.0,
        th,
        title,
        pal.text,
    );
    let cx = x1 - pad * 1.2;
    let cy = (y0 + y1) / 2.0;
    let w = (th * 0.16).max(1.0);
    draw::fill(
        img,
        &Shape::segment((cx - th * 0.4, cy - th * 0.2), (cx, cy + th * 0.2), w).union(
            Shape::segment((cx, cy + th * 0.2), (cx + th * 0.4, cy - th * 0.2), w),
        ),
        pal.text,
        1.0,
    );
}

/// A desktop page: nav bar, game header, a card holding the board, buttons and a box.
fn frame_desktop(
    pal: &Palette,
    p: &Puzzle,
    bw: f32,
    bh: f32,
    state: GameState,
) -> (RgbImage, f32, f32) {
    let pw = (bw * layout::DESKTOP_WIDTH).round();
    let nav = (bw * layout::DESKTOP_NAV).round();
    let head = (bw * layout::DESKTOP_HEADER).round();
    let card_pad = (bw * 0.06).round();
    let btn_h = bw * 0.085;
    let box_h = bw * 0.16;
    let card_top = nav + head + (bw * 0.05).round();
    let card_h = card_pad + bh + card_pad * 0.6 + btn_h + card_pad * 0.6 + box_h + card_pad;
    let ph = (card_top + card_h + bw * 0.1).max(pw * 9.0 / 16.0).round();
    let mut img = canvas(pw, ph, pal.desktop_page);
    // Top navigation bar: logo, search field, icon blocks.
    draw::fill(
        &mut img,
        &Shape::rrect(0.0, 0.0, pw, nav, 0.0),
        pal.panel,
        1.0,
    );
    let icon = nav * 0.42;
    let lx = pw * 0.2;
    draw::fill(
        &mut img,
        &Shape::rrect(lx, nav * 0.25, lx + nav * 0.5, nav * 0.75, nav * 0.06),
        hex(0x0A66C2),
        1.0,
    );
    draw::text(
        &mut img,
        lx + nav * 0.1,
        nav * 0.36,
        nav * 0.28,
        "in",
        hex(0xFFFFFF),
    );
    draw::fill(
        &mut img,
        &Shape::rrect(
            lx + nav * 0.65,
            nav * 0.28,
            lx + nav * 3.2,
            nav * 0.72,
            nav * 0.05,
        ),
        mix(pal.panel, pal.text_muted, 0.18),
        1.0,
    );
    for i in 0..7 {
        let cx = pw * 0.47 + i as f32 * nav * 1.1;
        draw::fill(
            &mut img,
            &Shape::rrect(
                cx - icon / 2.0,
                nav * 0.2,
                cx + icon / 2.0,
                nav * 0.2 + icon,
                icon * 0.2,
            ),
            mix(pal.panel, pal.text, 0.6),
            1.0,
        );
        draw::text(
            &mut img,
            cx - icon * 0.6,
            nav * 0.72,
            nav * 0.12,
            "Item",
            mix(pal.panel, pal.text, 0.6),
        );
    }
    draw::line(
        &mut img,
        (0.0, nav - 0.5),
        (pw, nav - 0.5),
        1.0,
        pal.panel_border,
    );
    // Game header: back arrow, title, timer, Clear, help, settings.
    draw::fill(
        &mut img,
        &Shape::rrect(0.0, nav, pw, nav + head, 0.0),
        pal.panel,
        1.0,
    );
    draw::line(
        &mut img,
        (0.0, nav + head - 0.5),
        (pw, nav + head - 0.5),
        1.0,
        pal.panel_border,
    );
    let hy = nav + head / 2.0;
    let th = head * 0.24;
    back_arrow(&mut img, pw * 0.2, hy, th * 1.1, pal.text);
    draw::text(
        &mut img,
        pw * 0.2 + th * 2.0,
        hy - th / 2.0,
        th,
        game_title(p),
        pal.text,
    );
    let time = if state == GameState::Raw {
        "0:00"
    } else {
        "1:37"
    };
    timer(&mut img, pw * 0.47, hy, th * 0.9, time, pal.text);
    let cl = pw * 0.62;
    pill(
        &mut img,
        cl,
        hy - head * 0.22,
        cl + head * 0.9,
        hy + head * 0.22,
        None,
        Some(pal.text),
        "Clear",
        pal.text,
    );
    draw::fill(
        &mut img,
        &Shape::circle(cl + head * 1.3, hy, head * 0.16),
        pal.text,
        1.0,
    );
    draw::text(
        &mut img,
        cl + head * 1.3 - th * 0.3,
        hy - th * 0.3,
        th * 0.6,
        "?",
        pal.panel,
    );
    draw::text(
        &mut img,
        cl + head * 1.75,
        hy - th * 0.4,
        th * 0.8,
        "Settings",
        pal.text,
    );
    // The game card.
    let card_w = bw + 2.0 * card_pad;
    let cx0 = ((pw - card_w) / 2.0).round();
    draw::fill(
        &mut img,
        &Shape::rrect(cx0, card_top, cx0 + card_w, card_top + card_h, bw * 0.02),
        pal.page,
        1.0,
    );
    let left = cx0 + card_pad;
    let top = card_top + card_pad;
    // Buttons and box under the board.
    let by = top + bh + card_pad * 0.6;
    let gap = bw * 0.02;
    let half = (bw - gap) / 2.0;
    pill(
        &mut img,
        left,
        by,
        left + half,
        by + btn_h,
        Some(pal.button),
        None,
        "Undo",
        pal.text_muted,
    );
    pill(
        &mut img,
        left + half + gap,
        by,
        left + bw,
        by + btn_h,
        Some(pal.panel),
        Some(pal.text),
        "Hint",
        pal.text,
    );
    let boy = by + btn_h + card_pad * 0.6;
    info_box(
        &mut img,
        left,
        boy,
        left + bw,
        boy + box_h,
        "How to play",
        pal,
        pal.page,
    );
    (img, left, top)
}

/// A phone screenshot: status bar, app sheet with header, timer row, board, buttons, boxes and
/// (when solved) the "See results" button.
fn frame_phone(
    pal: &Palette,
    p: &Puzzle,
    bw: f32,
    bh: f32,
    state: GameState,
    rng: &mut Rng,
) -> (RgbImage, f32, f32) {
    let pw = (bw * layout::PHONE_WIDTH).round();
    let top = (pw * layout::PHONE_BOARD_TOP * 0.57).round();
    let ph = (pw * layout::PHONE_ASPECT).max(top + bh + pw * 0.9).round();
    let mut img = canvas(pw, ph, hex(0x000000));
    let u = pw / 100.0;
    // Status bar: clock and indicator blocks on black.
    let sb = 11.0 * u;
    let hh = 3.0 * u;
    let clock = format!("{}:{:02}", 1 + rng.below(11), rng.below(60));
    draw::text(&mut img, 10.0 * u, 4.2 * u, hh, &clock, hex(0xFFFFFF));
    for i in 0..4 {
        let x = 72.0 * u + i as f32 * 1.2 * u;
        let h = (i as f32 + 1.0) * 0.6 * u;
        draw::fill(
            &mut img,
            &Shape::rrect(x, 7.0 * u - h, x + 0.8 * u, 7.0 * u, 0.2 * u),
            hex(0xFFFFFF),
            1.0,
        );
    }
    draw::fill(
        &mut img,
        &Shape::rrect(85.0 * u, 4.6 * u, 92.0 * u, 7.4 * u, 0.8 * u).stroke(0.3 * u),
        hex(0xFFFFFF),
        1.0,
    );
    draw::fill(
        &mut img,
        &Shape::rrect(85.6 * u, 5.2 * u, 89.0 * u, 6.8 * u, 0.4 * u),
        hex(0xF8D81C),
        1.0,
    );
    // App sheet.
    draw::fill(
        &mut img,
        &Shape::rrect(0.0, sb, pw, ph + 5.0 * u, 3.0 * u),
        pal.page,
        1.0,
    );
    // Header.
    let hy = sb + 5.8 * u;
    back_arrow(&mut img, 4.0 * u, hy, 5.0 * u, pal.text);
    let title = game_title(p);
    let th = 3.4 * u;
    let tw = draw::text_width(title, th) + 4.0 * u;
    let tx = pw / 2.0 - tw / 2.0;
    draw::fill(
        &mut img,
        &Shape::rrect(tx, hy - 1.6 * u, tx + 3.2 * u, hy + 1.6 * u, 0.4 * u),
        pal.text,
        1.0,
    );
    draw::text(&mut img, tx + 4.0 * u, hy - th / 2.0, th, title, pal.text);
    for (i, x) in [84.0, 93.5].iter().enumerate() {
        draw::fill(&mut img, &Shape::circle(x * u, hy, 2.4 * u), pal.text, 1.0);
        if i == 0 {
            draw::text(
                &mut img,
                x * u - 0.6 * u,
                hy - 1.0 * u,
                2.0 * u,
                "?",
                pal.page,
            );
        } else {
            draw::fill(&mut img, &Shape::circle(x * u, hy, 0.9 * u), pal.page, 1.0);
        }
    }
    // Timer row.
    let ty = sb + 19.0 * u;
    let time = if state == GameState::Raw {
        "0:00"
    } else {
        "1:35"
    };
    timer(&mut img, 4.0 * u, ty, 3.0 * u, time, pal.text);
    if matches!(p, Puzzle::Tango(_)) {
        pill(
            &mut img,
            35.0 * u,
            ty - 3.7 * u,
            65.0 * u,
            ty + 3.7 * u,
            Some(pal.button),
            None,
            "Difficulty HARD",
            pal.text,
        );
    }
    pill(
        &mut img,
        79.5 * u,
        ty - 3.7 * u,
        96.0 * u,
        ty + 3.7 * u,
        Some(pal.button),
        None,
        "Clear",
        pal.text_muted,
    );
    // Board position.
    let left = ((pw - bw) / 2.0).round();
    // Under the board.
    let mut y = top + bh + 4.0 * u;
    let bh2 = 7.4 * u;
    let gap = 2.0 * u;
    let half = (bw - gap) / 2.0;
    pill(
        &mut img,
        left,
        y,
        left + half,
        y + bh2,
        Some(pal.button),
        None,
        "Undo",
        pal.text_muted,
    );
    pill(
        &mut img,
        left + half + gap,
        y,
        left + bw,
        y + bh2,
        Some(pal.button),
        None,
        "Hint",
        pal.text_muted,
    );
    y += bh2 + 3.0 * u;
    info_box(
        &mut img,
        left,
        y,
        left + bw,
        y + 14.4 * u,
        "How to play",
        pal,
        pal.page,
    );
    y += 17.4 * u;
    if matches!(p, Puzzle::Queens(_)) && y + 14.4 * u < ph - 20.0 * u {
        info_box(
            &mut img,
            left,
            y,
            left + bw,
            y + 14.4 * u,
            "Examples",
            pal,
            pal.page,
        );
    }
    if state == GameState::Solved {
        let sy = ph - 17.0 * u;
        let (bg, fg) = match pal.page == Palette::for_theme(Theme::Dark).page {
            true => (hex(0xC5C6C8), hex(0x1B1F23)),
            false => (hex(0x404040), hex(0xFFFFFF)),
        };
        pill(
            &mut img,
            left,
            sy,
            left + bw,
            sy + 11.0 * u,
            Some(bg),
            None,
            "See results",
            fg,
        );
    }
    // Home indicator.
    draw::fill(
        &mut img,
        &Shape::rrect(32.0 * u, ph - 2.4 * u, 68.0 * u, ph - 1.6 * u, 0.4 * u),
        pal.text,
        1.0,
    );
    (img, left, top)
}

/// Tango board proportions relative to the cell pitch.
mod tango_geo {
    /// Grid line width.
    pub const LINE: f32 = 0.03;
    /// Outer border corner radius.
    pub const CORNER: f32 = 0.06;
    /// Length of the gap cut into a grid line around a marker.
    pub const MARKER_GAP: f32 = 0.30;
}

fn draw_tango(img: &mut RgbImage, g: &Grid, t: &Tango, placed: &[Placed], pal: &Palette) {
    let c = g.cell_w;
    let (x0, y0) = (g.left, g.top);
    let (x1, y1) = (g.left + g.width(), g.top + g.height());
    let lw = (c * tango_geo::LINE).max(1.0);
    let corner = c * tango_geo::CORNER;
    // Cells.
    draw::fill(
        img,
        &Shape::rrect(x0, y0, x1, y1, corner),
        pal.tango_cell,
        1.0,
    );
    for (pos, _) in t.givens() {
        let cx0 = x0 + pos.col as f32 * c;
        let cy0 = y0 + pos.row as f32 * c;
        let s = Shape::rrect(cx0, cy0, cx0 + c, cy0 + c, 0.0)
            .intersect(Shape::rrect(x0, y0, x1, y1, corner));
        draw::fill(img, &s, pal.tango_given, 1.0);
    }
    // Grid lines and the outer border.
    for k in 1..t.cols() {
        let x = x0 + k as f32 * c;
        draw::line(img, (x, y0), (x, y1), lw, pal.tango_line);
    }
    for k in 1..t.rows() {
        let y = y0 + k as f32 * c;
        draw::line(img, (x0, y), (x1, y), lw, pal.tango_line);
    }
    draw::fill(
        img,
        &Shape::rrect(x0, y0, x1, y1, corner).stroke(lw),
        pal.tango_line,
        1.0,
    );
    // Markers: a gap in the line, then the glyph.
    for (e, m) in t.markers() {
        let (cx, cy) = g.edge_center(e);
        let gl = c * tango_geo::MARKER_GAP / 2.0;
        let gw = lw / 2.0 + 0.5;
        let gap = match e {
            Edge::Right(_) => Shape::rrect(cx - gw, cy - gl, cx + gw, cy + gl, 0.0),
            Edge::Down(_) => Shape::rrect(cx - gl, cy - gw, cx + gl, cy + gw, 0.0),
        };
        let (a, b) = e.cells();
        let bg = if t.given(a).is_some() && t.given(b).is_some() {
            pal.tango_given
        } else {
            pal.tango_cell
        };
        draw::fill(img, &gap, bg, 1.0);
        match m {
            Marker::Same => draw::same_marker(img, cx, cy, c, pal.tango_marker),
            Marker::Opposite => draw::opposite_marker(img, cx, cy, c, pal.tango_marker),
        }
    }
    // Givens and placed pieces.
    let symbols = t.givens().chain(placed.iter().filter_map(|pl| match *pl {
        Placed::Symbol { pos, symbol } => Some((pos, symbol)),
        _ => None,
    }));
    for (pos, s) in symbols {
        let (cx, cy) = g.center(pos);
        let st = pal.symbol_style(s);
        match s {
            Symbol::Sun => draw::sun(img, cx, cy, c, &st),
            Symbol::Moon => draw::moon(img, cx, cy, c, &st),
        }
    }
}

/// Queens board proportions relative to the cell pitch.
mod queens_geo {
    /// Thin cell border width (at least 1 px).
    pub const THIN: f32 = 0.015;
    /// Region border width (at least 2 px).
    pub const THICK: f32 = 0.045;
    /// Outer frame width (at least 2.5 px).
    pub const OUTER: f32 = 0.09;
    /// Outer frame corner radius.
    pub const CORNER: f32 = 0.08;
}

fn draw_queens(
    img: &mut RgbImage,
    g: &Grid,
    q: &Queens,
    placed: &[Placed],
    pal: &Palette,
    colors: &[Vec<Color>],
    gold: bool,
) {
    let n = q.n();
    let c = g.cell_w;
    let (x0, y0) = (g.left, g.top);
    let (x1, y1) = (g.left + g.width(), g.top + g.height());
    let color_of = |p: Pos| colors[p.row][p.col];
    for r in 0..n {
        for col in 0..n {
            let p = Pos::new(r, col);
            let cx0 = x0 + col as f32 * c;
            let cy0 = y0 + r as f32 * c;
            draw::fill(
                img,
                &Shape::rrect(cx0, cy0, cx0 + c, cy0 + c, 0.0),
                color_of(p),
                1.0,
            );
        }
    }
    let thin = (c * queens_geo::THIN).max(1.0);
    let thick = (c * queens_geo::THICK).max(2.0);
    for k in 1..n {
        let x = x0 + k as f32 * c;
        draw::line(img, (x, y0), (x, y1), thin, pal.queens_line);
        let y = y0 + k as f32 * c;
        draw::line(img, (x0, y), (x1, y), thin, pal.queens_line);
    }
    // Region borders, extended by half their width so corners join.
    let h = thick / 2.0;
    for r in 0..n {
        for col in 0..n {
            let p = Pos::new(r, col);
            if col + 1 < n && q.region(p) != q.region(Pos::new(r, col + 1)) {
                let x = x0 + (col + 1) as f32 * c;
                let ya = y0 + r as f32 * c;
                draw::line(img, (x, ya - h), (x, ya + c + h), thick, pal.queens_line);
            }
            if r + 1 < n && q.region(p) != q.region(Pos::new(r + 1, col)) {
                let y = y0 + (r + 1) as f32 * c;
                let xa = x0 + col as f32 * c;
                draw::line(img, (xa - h, y), (xa + c + h, y), thick, pal.queens_line);
            }
        }
    }
    let ow = (c * queens_geo::OUTER).max(2.5);
    let corner = c * queens_geo::CORNER;
    // The frame sits mostly outside the cells, covering a little of their edge.
    let o = ow * 0.7;
    let frame = Shape::rrect(x0 - o, y0 - o, x1 + o, y1 + o, corner + o).minus(Shape::rrect(
        x0 + ow - o,
        y0 + ow - o,
        x1 - ow + o,
        y1 - ow + o,
        corner * 0.5,
    ));
    draw::fill(img, &frame, pal.queens_line, 1.0);
    let crown_style = if gold {
        GlyphStyle {
            fill: hex(palette::CROWN_GOLD),
            outline: hex(palette::CROWN_GOLD_OUTLINE),
            fill_opacity: 1.0,
            size: 1.0,
        }
    } else {
        GlyphStyle {
            fill: hex(palette::CROWN_BLACK),
            outline: hex(palette::CROWN_BLACK),
            fill_opacity: 1.0,
            size: 1.0,
        }
    };
    for pl in placed {
        let (cx, cy) = g.center(pl.pos());
        match pl {
            Placed::Crown { .. } => draw::crown(img, cx, cy, c, &crown_style),
            Placed::Cross { pos } => {
                let col = mix(color_of(*pos), hex(0x000000), palette::QUEENS_X_DARKEN);
                draw::queens_x(img, cx, cy, c, col);
            }
            Placed::Symbol { .. } => {}
        }
    }
}

/// How much the hovered Queens cell darkens (0 = not at all, 1 = black).
pub const HOVER_DARKEN: f32 = 0.12;
/// Mouse pointer height relative to the board width (at least 12 px).
pub const CURSOR_SIZE: f32 = 0.06;

/// A mouse pointer (white arrow, black outline) with its tip at `(x, y)`, `h` pixels tall.
fn cursor(img: &mut RgbImage, x: f32, y: f32, h: f32) {
    let k = h / 20.0;
    let pts: Vec<(f32, f32)> = [
        (0.0, 0.0),
        (0.0, 17.0),
        (4.0, 13.0),
        (7.0, 20.0),
        (9.5, 19.0),
        (6.5, 12.0),
        (12.0, 12.0),
    ]
    .iter()
    .map(|&(a, b)| (x + a * k, y + b * k))
    .collect();
    let arrow = Shape::Polygon(pts);
    draw::fill(img, &arrow.clone().offset(0.5 * k), hex(0x000000), 1.0);
    draw::fill(img, &arrow.offset(-0.7 * k), hex(0xFFFFFF), 1.0);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    fn tango() -> Puzzle {
        format::parse("tango 4x4\nS . . M\n\n. .=. .\nx\n. . . .\n\n. . . .\n").unwrap()
    }

    #[test]
    fn grid_matches_scale_and_frame() {
        for frame in [Frame::None, Frame::Desktop, Frame::Phone] {
            let opts = SynthOptions {
                frame,
                scale: 200,
                ..Default::default()
            };
            let shot = render(&tango(), None, &opts).unwrap();
            assert_eq!(shot.grid.cell_w, 50.0);
            assert!(shot.grid.left >= 0.0 && shot.grid.top >= 0.0);
            assert!(shot.grid.left + shot.grid.width() <= shot.image.width() as f32);
            assert!(shot.grid.top + shot.grid.height() <= shot.image.height() as f32);
            // A given cell's corner shows the given colour, an empty cell's the cell colour.
            let pal = Palette::for_theme(Theme::Light);
            let px = |r: usize, c: usize| {
                let x = shot.grid.left + (c as f32 + 0.15) * 50.0;
                let y = shot.grid.top + (r as f32 + 0.15) * 50.0;
                *shot.image.get_pixel(x as u32, y as u32)
            };
            assert_eq!(px(0, 0), pal.tango_given);
            assert_eq!(px(1, 1), pal.tango_cell);
        }
    }

    #[test]
    fn same_seed_same_image_and_states_need_a_solution() {
        let opts = SynthOptions {
            noise: 3.0,
            jpeg_quality: Some(60),
            seed: 9,
            ..Default::default()
        };
        let a = render(&tango(), None, &opts).unwrap();
        let b = render(&tango(), None, &opts).unwrap();
        assert_eq!(a.image, b.image);
        let err = render(
            &tango(),
            None,
            &SynthOptions {
                state: GameState::Solved,
                ..Default::default()
            },
        );
        assert!(matches!(err, Err(RenderError::NeedSolution(_))));
        let bad = render(
            &tango(),
            None,
            &SynthOptions {
                scale: 5,
                ..Default::default()
            },
        );
        assert!(matches!(bad, Err(RenderError::BadOption(_))));
    }

    #[test]
    fn queens_solved_places_every_crown() {
        let p = format::parse("queens 4x4\nA A B B\nA C C B\nD C C B\nD D D B\n").unwrap();
        let sol = Solution::Queens {
            crowns: vec![1, 3, 0, 2],
        };
        let shot = render(
            &p,
            Some(&sol),
            &SynthOptions {
                state: GameState::Solved,
                ..Default::default()
            },
        )
        .unwrap();
        let crowns: Vec<Pos> = shot
            .placed
            .iter()
            .filter(|p| matches!(p, Placed::Crown { .. }))
            .map(|p| p.pos())
            .collect();
        assert_eq!(crowns.len(), 4);
        assert!(crowns.iter().all(|&p| sol.has_crown(p)));
        assert_eq!(shot.placed.len(), 16);
        // A solution of the wrong size is refused.
        let wrong = Solution::Queens { crowns: vec![0, 1] };
        assert!(matches!(
            render(
                &p,
                Some(&wrong),
                &SynthOptions {
                    state: GameState::Solved,
                    ..Default::default()
                }
            ),
            Err(RenderError::SolutionMismatch(_))
        ));
    }

    #[test]
    fn extreme_scales_and_every_frame_render() {
        let q = format::parse("queens 4x4\nA A B B\nA C C B\nD C C B\nD D D B\n").unwrap();
        let sol = Solution::Queens {
            crowns: vec![1, 3, 0, 2],
        };
        for p in [tango(), q] {
            for frame in [Frame::None, Frame::Desktop, Frame::Phone] {
                for scale in [SCALE_RANGE.0, 1200] {
                    for theme in [Theme::Light, Theme::Dark] {
                        let sol = match p {
                            Puzzle::Queens(_) => Some(&sol),
                            Puzzle::Tango(_) => None,
                        };
                        let state = if sol.is_some() {
                            GameState::Solved
                        } else {
                            GameState::Raw
                        };
                        let opts = SynthOptions {
                            frame,
                            scale,
                            theme,
                            state,
                            ..Default::default()
                        };
                        let shot = render(&p, sol, &opts).unwrap();
                        assert!(shot.grid.left + shot.grid.width() <= shot.image.width() as f32);
                    }
                }
            }
        }
    }

    #[test]
    fn random_options_cover_the_ranges() {
        let mut rng = Rng::new(5);
        let ranges = RandomRanges::default();
        let all: Vec<SynthOptions> = (0..300)
            .map(|_| SynthOptions::random(&mut rng, &ranges))
            .collect();
        for f in [Frame::None, Frame::Desktop, Frame::Phone] {
            assert!(all.iter().any(|o| o.frame == f));
        }
        for s in [GameState::Raw, GameState::InProgress, GameState::Solved] {
            assert!(all.iter().any(|o| o.state == s));
        }
        assert!(all.iter().any(|o| o.theme == Theme::Dark));
        assert!(all.iter().all(|o| (144..=1080).contains(&o.scale)));
        assert!(all.iter().any(|o| o.scale < 200) && all.iter().any(|o| o.scale > 1000));
        let qs: Vec<u8> = all.iter().filter_map(|o| o.jpeg_quality).collect();
        assert!(qs.iter().all(|q| (35..=95).contains(q)));
        assert!(qs.len() > 150 && qs.len() < 270);
    }

    #[test]
    fn degenerate_boards_are_refused() {
        let empty = Puzzle::Tango(Tango::empty(0, 0));
        assert!(matches!(
            render(&empty, None, &SynthOptions::default()),
            Err(RenderError::BadOption(_))
        ));
        let tall = Puzzle::Tango(Tango::empty(16, 2));
        assert!(matches!(
            render(&tall, None, &SynthOptions::default()),
            Err(RenderError::BadOption(_))
        ));
    }
}

#[cfg(test)]
mod default_tests {
    use super::*;

    #[test]
    fn documented_synth_defaults() {
        let d = SynthOptions::default();
        assert_eq!(d.theme, Theme::Light);
        assert_eq!(d.scale, 360);
        assert_eq!(d.frame, Frame::None);
        assert_eq!(d.state, GameState::Raw);
        assert_eq!(d.jpeg_quality, None);
        assert_eq!((d.blur, d.noise, d.seed), (0.0, 0.0, 0));
        assert_eq!(d.progress, 0.4);
        assert_eq!(d.wrong_pieces, 0);
        assert!(d.x_marks && d.shuffle_colors && !d.hover && !d.cursor);
        assert_eq!(d.crown_style, CrownStyle::Auto);
    }

    #[test]
    fn documented_random_ranges_defaults() {
        let d = RandomRanges::default();
        assert_eq!(d.base_scale, 360);
        assert_eq!(d.scale, (0.4, 3.0));
        assert_eq!(d.jpeg, (35, 95));
        assert_eq!(d.jpeg_share, 0.7);
        assert_eq!(d.max_blur, 0.8);
        assert_eq!(d.max_noise, 3.0);
        assert_eq!((d.hover_share, d.cursor_share), (0.0, 0.0));
    }
}
