//! Fixture files: a rendered screenshot `<id>.png` next to its label `<id>.txt` (the puzzle in
//! the text format, see [`crate::format::print`]), the layout the vision tests read, plus
//! `<id>.json`: the ground truth of the render (grid, theme, placed pieces).

use super::RenderError;
use super::output::{PngCompression, encode_png, write_atomic};
use super::synth::RenderedShot;
use crate::format;
use crate::puzzle::Puzzle;
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

/// The ground truth of a fixture, as stored in `<id>.json`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FixtureTruth<'a> {
    /// Where the cells are.
    pub grid: &'a crate::board::Grid,
    /// Theme drawn.
    pub theme: crate::board::Theme,
    /// Player pieces drawn (not part of the puzzle).
    pub placed: &'a [crate::board::Placed],
}

/// Writes `dir/<id>.png` (smallest PNG encoding), `dir/<id>.txt` (`comment` lines, each
/// prefixed with `# `, then the puzzle text) and `dir/<id>.json` ([`FixtureTruth`]). Returns
/// the PNG and text paths.
pub fn write_fixture(
    dir: &Path,
    id: &str,
    puzzle: &Puzzle,
    shot: &RenderedShot,
    comment: &[String],
) -> Result<(PathBuf, PathBuf), RenderError> {
    let image = &shot.image;
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
    let truth = FixtureTruth {
        grid: &shot.grid,
        theme: shot.theme,
        placed: &shot.placed,
    };
    let json =
        serde_json::to_string_pretty(&truth).map_err(|e| RenderError::Encode(e.to_string()))?;
    write_atomic(&dir.join(format!("{id}.json")), json.as_bytes(), None)?;
    Ok((png, txt))
}

/// One fixture's render settings: a row of `fixtures/MANIFEST.tsv`.
#[derive(Clone, Debug, PartialEq)]
pub struct FixtureSpec {
    /// File stem.
    pub id: String,
    /// Where the puzzle came from (free text, no tabs).
    pub source: String,
    /// The render options.
    pub options: super::synth::SynthOptions,
}

/// Column names of `MANIFEST.tsv`.
pub const MANIFEST_HEADER: &str =
    "id\tsource\ttheme\tframe\tstate\tscale\tseed\tjpeg\tblur\tnoise\twrong";

impl FixtureSpec {
    /// The manifest row (tab separated, in [`MANIFEST_HEADER`] order).
    pub fn to_row(&self) -> String {
        let o = &self.options;
        let theme = super::synth::theme_name(o.theme);
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.source,
            theme,
            o.frame.name(),
            o.state.name(),
            o.scale,
            o.seed,
            o.jpeg_quality.map_or("-".to_string(), |q| q.to_string()),
            o.blur,
            o.noise,
            o.wrong_pieces
        )
    }

    /// Parses a manifest row; other options keep their defaults.
    pub fn from_row(row: &str) -> Result<FixtureSpec, String> {
        use super::synth::{Frame, GameState, SynthOptions};
        let f: Vec<&str> = row.split('\t').collect();
        if f.len() != 11 {
            return Err(format!("expected 11 columns, found {}", f.len()));
        }
        let num = |i: usize| -> Result<f64, String> {
            f[i].parse::<f64>()
                .map_err(|e| format!("column {}: `{}`: {e}", i + 1, f[i]))
        };
        let theme = super::synth::parse_theme(f[2]).ok_or(format!("unknown theme `{}`", f[2]))?;
        let options = SynthOptions {
            theme,
            frame: Frame::parse(f[3]).ok_or(format!("unknown frame `{}`", f[3]))?,
            state: GameState::parse(f[4]).ok_or(format!("unknown state `{}`", f[4]))?,
            scale: num(5)? as u32,
            seed: num(6)? as u64,
            jpeg_quality: if f[7] == "-" {
                None
            } else {
                Some(num(7)? as u8)
            },
            blur: num(8)? as f32,
            noise: num(9)? as f32,
            wrong_pieces: num(10)? as usize,
            ..SynthOptions::default()
        };
        if !valid_id(f[0]) {
            return Err(format!("bad id `{}`", f[0]));
        }
        Ok(FixtureSpec {
            id: f[0].to_string(),
            source: f[1].to_string(),
            options,
        })
    }
}

/// Parses `MANIFEST.tsv` text (a header line, then one [`FixtureSpec`] per line; `#` lines and
/// blank lines are skipped).
pub fn parse_manifest(text: &str) -> Result<Vec<FixtureSpec>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#') && *l != MANIFEST_HEADER)
        .map(|(i, l)| FixtureSpec::from_row(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::synth::{Frame, GameState, SynthOptions};

    #[test]
    fn manifest_rows_round_trip() {
        let spec = FixtureSpec {
            id: "tango-6x6-dark-phone-solved".into(),
            source: "labels/x.txt".into(),
            options: SynthOptions {
                theme: crate::board::Theme::Dark,
                frame: Frame::Phone,
                state: GameState::Solved,
                scale: 300,
                seed: 7,
                jpeg_quality: Some(80),
                blur: 0.5,
                noise: 1.5,
                wrong_pieces: 1,
                ..SynthOptions::default()
            },
        };
        let text = format!("{MANIFEST_HEADER}\n{}\n", spec.to_row());
        assert_eq!(parse_manifest(&text).unwrap(), vec![spec]);
        assert!(parse_manifest("a\tb\n").is_err());
        assert!(!valid_id("../x"));
    }
}
