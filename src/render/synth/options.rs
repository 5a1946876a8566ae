//! The options of the synthetic renderer: theme, scale, page frame, game state, degradation
//! and the variations real captures show, and the random spread the stress tests draw from.

use super::{SCALE_RANGE, Variations};
use crate::board::Theme;
use crate::render::rng::Rng;

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
    /// What real captures show over a plain board: OS pointer, rule-break stripes, win
    /// shimmer, fading pieces, themed icons, a cut at an image edge. Default none of them.
    pub variations: Variations,
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
            variations: Variations::default(),
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
