//! LinkedIn's board colours in light and dark mode, measured on the real screenshots in
//! `../shared/realshots` (see `../shared/docs/linkedin-boards.md`).

use super::draw::{Color, GlyphStyle, hex};
use crate::board::Theme;

/// Every colour the renderer and the overlay use for one theme.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    /// Page background around the board (crop margin; phone sheet).
    pub page: Color,
    /// Desktop page background outside the game card.
    pub desktop_page: Color,
    /// Bars, cards and boxes of the page chrome.
    pub panel: Color,
    /// Thin borders of chrome boxes.
    pub panel_border: Color,
    /// Main text.
    pub text: Color,
    /// Secondary (greyed) text.
    pub text_muted: Color,
    /// Filled pill buttons (Undo, Clear when disabled).
    pub button: Color,
    /// Tango: empty (white) cell.
    pub tango_cell: Color,
    /// Tango: given (locked) cell.
    pub tango_given: Color,
    /// Tango: grid lines and the board's outer border.
    pub tango_line: Color,
    /// Tango: `=` and `x` markers.
    pub tango_marker: Color,
    /// Sun fill.
    pub sun_fill: Color,
    /// Sun outline.
    pub sun_outline: Color,
    /// Moon fill.
    pub moon_fill: Color,
    /// Moon outline.
    pub moon_outline: Color,
    /// Queens: region borders, cell borders and the outer frame.
    pub queens_line: Color,
    /// Overlay: outline of a wrong placed piece.
    pub wrong: Color,
    /// Overlay: outline of a low-confidence cell or edge.
    pub doubt: Color,
    /// Overlay: outline of a cell in the conflict set.
    pub conflict: Color,
    /// `hint --png`: outline of the hinted cell and of the cells behind the hint.
    pub hint: Color,
}

impl Palette {
    /// The palette of a theme.
    pub fn for_theme(theme: Theme) -> Palette {
        match theme {
            Theme::Light => Palette {
                page: hex(0xF9FAFB),
                desktop_page: hex(0xF3F2EF),
                panel: hex(0xFFFFFF),
                panel_border: hex(0xE8E8E8),
                text: hex(0x191919),
                text_muted: hex(0xA8A8A8),
                button: hex(0xE8E8E8),
                tango_cell: hex(0xFFFFFF),
                tango_given: hex(0xEEEBE7),
                tango_line: hex(0xEBE4DA),
                tango_marker: hex(0x8C724C),
                sun_fill: hex(0xF5B53D),
                sun_outline: hex(0xBF7139),
                moon_fill: hex(0x598DE2),
                moon_outline: hex(0x2757A6),
                queens_line: hex(0x000000),
                wrong: hex(0xD11124),
                doubt: hex(0xC2187A),
                conflict: hex(0xE0461B),
                hint: hex(0x0A66C2),
            },
            Theme::Dark => Palette {
                page: hex(0x1B1F23),
                desktop_page: hex(0x000000),
                panel: hex(0x1D2226),
                panel_border: hex(0x38434F),
                text: hex(0xE9E9EA),
                text_muted: hex(0x7D8287),
                button: hex(0x383D40),
                tango_cell: hex(0x1D2226),
                tango_given: hex(0x383D40),
                tango_line: hex(0x3F4D5A),
                tango_marker: hex(0xA7B6BF),
                sun_fill: hex(0xFFB31E),
                sun_outline: hex(0xFFE3AD),
                moon_fill: hex(0x82AFED),
                moon_outline: hex(0xC1D7F6),
                queens_line: hex(0x000000),
                wrong: hex(0xFF5A5F),
                doubt: hex(0xF06FC0),
                conflict: hex(0xFF8A50),
                hint: hex(0x70B5F9),
            },
        }
    }

    /// Solid style of a Tango symbol as the game draws it.
    pub fn symbol_style(&self, s: crate::puzzle::Symbol) -> GlyphStyle {
        let (fill, outline) = match s {
            crate::puzzle::Symbol::Sun => (self.sun_fill, self.sun_outline),
            crate::puzzle::Symbol::Moon => (self.moon_fill, self.moon_outline),
        };
        GlyphStyle {
            fill,
            outline,
            fill_opacity: 1.0,
            size: 1.0,
        }
    }
}

/// Queens region colours seen on LinkedIn, in the order the renderer assigns them (the most
/// distinct first; near-duplicates such as FF7B60 / FAA889 come late).
pub const QUEENS_REGIONS: [u32; 16] = [
    0xBBA3E2, 0xFFC992, 0x96BEFF, 0xB3DFA0, 0xDFDFDF, 0xFF7B60, 0xE6F388, 0xB9B29E, 0xDFA0BF,
    0x95CBCF, 0xFE93F1, 0x55EBE2, 0x5BBA6F, 0xFAA889, 0x91F5AD, 0xC9C9EE,
];

/// Gold crown (phone app): fill.
pub const CROWN_GOLD: u32 = 0xFDB800;
/// Gold crown: outline.
pub const CROWN_GOLD_OUTLINE: u32 = 0x934200;
/// Black crown (desktop).
pub const CROWN_BLACK: u32 = 0x1B1B1B;

/// How much a Queens x mark darkens its cell colour (0 = cell colour, 1 = black).
pub const QUEENS_X_DARKEN: f32 = 0.75;
