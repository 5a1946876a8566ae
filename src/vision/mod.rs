//! Reading screenshots: decode -> locate the board -> classify cells, markers and regions.
//!
//! Each stage is a module with a typed value between stages:
//! - [`decode`]: bytes -> [`image::RgbImage`] (format sniffed from the content, size limits);
//! - [`denoise`]: a noisy capture -> a smoothed copy for the readers;
//! - [`deskew`]: a tilted capture -> its straightened copy (the angle measured from its lines);
//! - [`tango`] / [`queens`]: image -> located lattice ([`crate::board::Grid`]) -> cells and
//!   markers -> [`crate::board::Reading`], each reader with its own locator;
//! - [`cue`]: which reader to try first, from a sparse look at the colours;
//! - [`pixel`]: the pixel sampling both readers share;
//! - [`debug`]: `--debug-dir` pictures drawn from a reader's trace.

pub mod blob;
pub mod cast;
pub mod cue;
pub mod debug;
pub mod decode;
pub mod denoise;
pub mod deskew;
pub mod occlusion;
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
    /// A reader ran out of its time limit (a work bound, never a hang).
    #[error("reading took longer than {limit_ms} ms ({stage})")]
    Deadline {
        /// The stage that gave up.
        stage: &'static str,
        /// The limit, in milliseconds.
        limit_ms: u64,
    },
    /// A board runs out of the image: its outer row or column is cut. It is refused rather than
    /// read as a smaller board.
    #[error("the board is cut off at the {side} edge")]
    CutOff {
        /// The image edge that cuts the board.
        side: Side,
    },
}

pub use crate::board::Side;

/// Test support: checks every "Default N" written in the field docs of an options struct
/// against the struct's `Default` (its `Debug` form), so a documented default cannot drift.
#[cfg(test)]
pub(crate) fn check_documented_defaults(source: &str, struct_name: &str, debug: &str) {
    let documented = documented_defaults(source, struct_name);
    assert!(
        !documented.is_empty(),
        "no documented defaults in {struct_name}"
    );
    let actual = debug_fields(debug);
    for (field, doc) in documented {
        let Some(value) = actual.iter().find(|(f, _)| *f == field).map(|(_, v)| v) else {
            panic!("{struct_name}.{field} is documented but not in {debug}");
        };
        assert_eq!(
            numbers(&doc),
            numbers(value),
            "{struct_name}.{field}: the doc says Default {doc}, the code sets {value}"
        );
    }
}

/// `(field, documented default)` of the fields of `pub struct name` whose docs say "Default X".
#[cfg(test)]
fn documented_defaults(source: &str, name: &str) -> Vec<(String, String)> {
    let start = source
        .find(&format!("pub struct {name} {{"))
        .unwrap_or_else(|| panic!("no struct {name}"));
    let body = &source[start..];
    let body = &body[..body.find("\n}").expect("struct end")];
    let mut out = Vec::new();
    let mut doc = String::new();
    for line in body.lines().skip(1).map(str::trim) {
        if let Some(d) = line.strip_prefix("///") {
            doc += d;
            doc.push(' ');
        } else if let Some(field) = line.strip_prefix("pub ").and_then(|l| l.split(':').next()) {
            if let Some(i) = doc.find("Default ") {
                let after = &doc[i + "Default ".len()..];
                let quoted = after.starts_with('`');
                let rest = after.trim_start_matches('`');
                let end = if quoted {
                    rest.find('`').unwrap_or(rest.len())
                } else if rest.starts_with('[') {
                    rest.find(']').map_or(rest.len(), |i| i + 1)
                } else {
                    rest.find(['`', ':', ';', ' ']).unwrap_or(rest.len())
                };
                let value = rest[..end].trim_end_matches('.').trim_end_matches(',');
                out.push((field.to_string(), value.to_string()));
            }
            doc.clear();
        }
    }
    out
}

/// Top-level `field: value` pairs of a `Debug` struct form (nested values kept whole).
#[cfg(test)]
fn debug_fields(debug: &str) -> Vec<(String, String)> {
    let inner = &debug[debug.find('{').expect("struct") + 1..debug.rfind('}').expect("struct")];
    let (mut out, mut depth, mut cur) = (Vec::new(), 0i32, String::new());
    for c in inner.chars().chain(std::iter::once(',')) {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            if let Some((f, v)) = cur.split_once(':') {
                out.push((f.trim().to_string(), v.trim().to_string()));
            }
            cur.clear();
        } else {
            cur.push(c);
        }
    }
    out
}

/// The numbers (or words such as `true`) of a value, for comparing `12` with `12.0`.
#[cfg(test)]
fn numbers(v: &str) -> Vec<String> {
    v.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
        .filter(|t| !t.is_empty())
        .map(|t| match t.parse::<f64>() {
            Ok(x) => format!("{x}"),
            Err(_) => t.to_string(),
        })
        .collect()
}
