//! Fixture files: a rendered screenshot `<id>.png` next to its label `<id>.txt` (the puzzle in
//! the text format, see [`crate::format::print`]), the layout the vision tests read.

use super::RenderError;
use super::output::{PngCompression, encode_png, write_atomic};
use crate::format;
use crate::puzzle::Puzzle;
use image::RgbImage;
use std::path::{Path, PathBuf};

/// Whether a fixture id is safe as a file name: ASCII letters, digits, `-`, `_`, `.`, not
/// starting with `.`.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Writes `dir/<id>.png` (smallest PNG encoding) and `dir/<id>.txt` (`comment` lines, each
/// prefixed with `# `, then the puzzle text). Returns the two paths.
pub fn write_fixture(
    dir: &Path,
    id: &str,
    puzzle: &Puzzle,
    image: &RgbImage,
    comment: &[String],
) -> Result<(PathBuf, PathBuf), RenderError> {
    if !valid_id(id) {
        return Err(RenderError::BadOption(format!("fixture id `{id}`")));
    }
    let png = dir.join(format!("{id}.png"));
    let txt = dir.join(format!("{id}.txt"));
    write_atomic(&png, &encode_png(image, PngCompression::Best)?, None)?;
    let mut text = String::new();
    for c in comment {
        text.push_str("# ");
        text.push_str(c);
        text.push('\n');
    }
    text.push_str(&format::print(puzzle));
    write_atomic(&txt, text.as_bytes(), None)?;
    Ok((png, txt))
}
