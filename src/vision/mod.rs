//! Reading screenshots: decode -> locate the board -> classify cells, markers and regions.
//!
//! Each stage is a module with a typed value between stages:
//! - [`decode`]: bytes -> [`image::RgbImage`] (format sniffed from the content, size limits);
//! - [`tango`] / [`queens`]: image -> located lattice ([`crate::board::Grid`]) -> cells and
//!   markers -> [`crate::board::Reading`], each reader with its own locator;
//! - [`pixel`]: the pixel sampling both readers share;
//! - [`debug`]: `--debug-dir` pictures drawn from a reader's trace.

pub mod debug;
pub mod decode;
pub mod pixel;
pub mod queens;
pub mod tango;

use crate::puzzle::Game;

/// Errors of the image stages.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ReadError {
    /// The image could not be decoded (corrupt, truncated, not an image, unsupported format).
    #[error("cannot decode the image: {0}")]
    Decode(String),
    /// The image is larger than the decoding limits allow.
    #[error(
        "image too large: {width}x{height} (limit {max_side} px per side, {max_pixels} pixels)"
    )]
    TooLarge {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// Largest side accepted.
        max_side: u32,
        /// Largest pixel count accepted.
        max_pixels: u64,
    },
    /// No Tango or Queens board was found.
    #[error("no Tango or Queens board found in the image{}", if .0.is_empty() { String::new() } else { format!(" ({})", .0) })]
    NoBoard(String),
    /// A board of the requested game was not found (when the game is forced).
    #[error("no {0} board found in the image")]
    NoBoardOfGame(Game),
}
