//! Learned classifiers of the readers, trained reproducibly from the repository (see
//! `models/README.md` and `cargo run --release --example train_models`).
//!
//! Each model is a multinomial logistic regression (softmax) over a small feature vector
//! computed from what a reader already measures ([`features`]), with a temperature fitted on
//! held-out folds so its class probabilities are calibrated. The trained files live in
//! `models/` at the top of the repository and are embedded in the binary with `include_bytes!`;
//! inference is plain Rust. The file format (text, one record a line):
//!
//! ```text
//! snapsolve-model 1
//! name tango-edge
//! classes none same opposite
//! features contrast ink_chroma ...
//! temperature 1.1
//! mean <one number per feature>
//! scale <one number per feature>
//! weights <class> <bias> <one number per feature>      (one line per class, in class order)
//! ```
//!
//! A sample's features are standardised (`(x - mean) / scale`), the logit of each class is
//! `bias + w . x`, divided by the temperature, and the softmax gives the probabilities.

pub mod features;
pub mod shapes;
pub mod train;

use std::sync::OnceLock;

/// First line of every model file.
pub const MAGIC: &str = "snapsolve-model 1";

/// Why a model file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// The file does not start with [`MAGIC`].
    #[error("not a snapsolve model file (version 1)")]
    Version,
    /// A record is missing or malformed.
    #[error("bad model record `{0}`")]
    Record(String),
    /// The file's features do not match the code's.
    #[error("model `{name}` has features {found:?}, the code computes {expected:?}")]
    Features {
        /// Model name.
        name: String,
        /// Feature names in the file.
        found: Vec<String>,
        /// Feature names the code computes.
        expected: Vec<String>,
    },
}

/// A trained softmax classifier.
#[derive(Clone, Debug, PartialEq)]
pub struct Softmax {
    /// Model name (`tango-edge`, `tango-cell`).
    pub name: String,
    /// Class names, in output order.
    pub classes: Vec<String>,
    /// Feature names, in input order.
    pub features: Vec<String>,
    /// Logit divisor fitted on held-out folds.
    pub temperature: f32,
    /// Per-feature mean subtracted before the weights.
    pub mean: Vec<f32>,
    /// Per-feature scale divided by before the weights.
    pub scale: Vec<f32>,
    /// Per class: bias, then one weight per feature.
    pub weights: Vec<Vec<f32>>,
}

impl Softmax {
    /// Class probabilities of one sample (`x.len()` must equal the feature count; missing
    /// features count as the mean).
    pub fn predict(&self, x: &[f32]) -> Vec<f32> {
        let logits: Vec<f32> = self
            .weights
            .iter()
            .map(|w| {
                let mut z = w[0];
                for (k, &v) in x.iter().enumerate().take(self.features.len()) {
                    z += w[k + 1] * (v - self.mean[k]) / self.scale[k];
                }
                z / self.temperature
            })
            .collect();
        softmax(&logits)
    }

    /// The file text ([`Self::parse`] reads it back).
    pub fn to_text(&self) -> String {
        let join = |v: &[f32]| {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut s = format!(
            "{MAGIC}\nname {}\nclasses {}\nfeatures {}\ntemperature {}\nmean {}\nscale {}\n",
            self.name,
            self.classes.join(" "),
            self.features.join(" "),
            self.temperature,
            join(&self.mean),
            join(&self.scale)
        );
        for (c, w) in self.classes.iter().zip(&self.weights) {
            s.push_str(&format!("weights {c} {}\n", join(w)));
        }
        s
    }

    /// Reads a model file.
    pub fn parse(text: &str) -> Result<Softmax, ModelError> {
        let mut records = Records::open(text, MAGIC)?;
        let mut next = |key: &str| records.next(key);
        let nums = |v: &[String], n: usize, what: &str| -> Result<Vec<f32>, ModelError> {
            let out: Vec<f32> = v.iter().filter_map(|s| s.parse().ok()).collect();
            if out.len() != n || v.len() != n || out.iter().any(|x| !x.is_finite()) {
                return Err(ModelError::Record(what.into()));
            }
            Ok(out)
        };
        let name = next("name")?.join(" ");
        let classes = next("classes")?;
        let features = next("features")?;
        let f = features.len();
        let temperature = nums(&next("temperature")?, 1, "temperature")?[0];
        let mean = nums(&next("mean")?, f, "mean")?;
        let scale = nums(&next("scale")?, f, "scale")?;
        if temperature <= 0.0 || scale.iter().any(|&s| s <= 0.0) || classes.len() < 2 {
            return Err(ModelError::Record("temperature, scale or classes".into()));
        }
        let mut weights = Vec::new();
        for c in &classes {
            let w = next("weights")?;
            if w.first() != Some(c) {
                return Err(ModelError::Record(format!("weights {c}")));
            }
            weights.push(nums(&w[1..], f + 1, "weights")?);
        }
        Ok(Softmax {
            name,
            classes,
            features,
            temperature,
            mean,
            scale,
            weights,
        })
    }

    /// Reads a model file and checks its features against the names the code computes.
    pub fn parse_for(text: &str, expected: &[&str]) -> Result<Softmax, ModelError> {
        let m = Softmax::parse(text)?;
        if m.features != expected {
            return Err(ModelError::Features {
                name: m.name,
                found: m.features,
                expected: expected.iter().map(|s| s.to_string()).collect(),
            });
        }
        Ok(m)
    }
}

/// The records of a model file, one a line (blank lines skipped), after its version line.
pub(crate) struct Records<'a> {
    lines: std::str::Lines<'a>,
}

impl<'a> Records<'a> {
    /// The records of `text`, whose first line must be `magic`.
    pub(crate) fn open(text: &'a str, magic: &str) -> Result<Records<'a>, ModelError> {
        let mut records = Records {
            lines: text.lines(),
        };
        match records.line() {
            Some(first) if first.trim() == magic => Ok(records),
            _ => Err(ModelError::Version),
        }
    }

    fn line(&mut self) -> Option<&'a str> {
        self.lines.by_ref().find(|l| !l.trim().is_empty())
    }

    /// The next record's words after its key, which must be `key`.
    pub(crate) fn next(&mut self, key: &str) -> Result<Vec<String>, ModelError> {
        let line = self.line().ok_or_else(|| ModelError::Record(key.into()))?;
        let mut parts = line.split_whitespace();
        if parts.next() != Some(key) {
            return Err(ModelError::Record(line.into()));
        }
        Ok(parts.map(str::to_string).collect())
    }
}

/// Softmax of logits (max-shifted).
pub fn softmax(z: &[f32]) -> Vec<f32> {
    let m = z.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = z.iter().map(|v| (v - m).exp()).collect();
    let s: f32 = e.iter().sum();
    e.iter().map(|v| v / s).collect()
}

/// The embedded Tango edge model file.
pub const TANGO_EDGE_FILE: &[u8] = include_bytes!("../../models/tango-edge.v1");
/// The embedded Tango cell model file.
pub const TANGO_CELL_FILE: &[u8] = include_bytes!("../../models/tango-cell.v1");

/// The embedded Tango glyph model file.
pub const TANGO_GLYPH_FILE: &[u8] = include_bytes!("../../models/tango-glyph.v1");

/// The embedded Tango small-glyph model file.
pub const TANGO_GLYPH_SMALL_FILE: &[u8] = include_bytes!("../../models/tango-glyph-small.v1");

/// The embedded Tango cell background model file.
pub const TANGO_BACKGROUND_FILE: &[u8] = include_bytes!("../../models/tango-background.v1");

/// The embedded Queens same-region model file.
pub const QUEENS_PAIR_FILE: &[u8] = include_bytes!("../../models/queens-pair.v1");

/// The embedded Queens player-mark model file.
pub const QUEENS_MARK_FILE: &[u8] = include_bytes!("../../models/queens-mark.v1");

/// The embedded shapes of the Tango marker glyphs ([`shapes`]).
pub const TANGO_GLYPH_SHAPE_FILE: &[u8] = include_bytes!("../../models/tango-glyph-shape.v1");

/// The embedded shapes of LinkedIn's `=` and `x` glyphs, for the fit of small glyphs
/// ([`shapes::GlyphShapes::fit`]).
pub fn tango_glyph_shapes() -> Option<&'static shapes::GlyphShapes> {
    static M: OnceLock<Option<shapes::GlyphShapes>> = OnceLock::new();
    M.get_or_init(|| {
        let text = std::str::from_utf8(TANGO_GLYPH_SHAPE_FILE).ok()?;
        shapes::GlyphShapes::parse(text).ok()
    })
    .as_ref()
}

fn embedded(
    cell: &'static OnceLock<Option<Softmax>>,
    file: &[u8],
    names: &[&str],
) -> Option<&'static Softmax> {
    cell.get_or_init(|| {
        let text = std::str::from_utf8(file).ok()?;
        Softmax::parse_for(text, names).ok()
    })
    .as_ref()
}

/// The embedded Tango edge model (`none` / `same` / `opposite`); `None` only if the embedded
/// file is broken, which a test rules out.
pub fn tango_edge() -> Option<&'static Softmax> {
    static M: OnceLock<Option<Softmax>> = OnceLock::new();
    embedded(&M, TANGO_EDGE_FILE, &features::EDGE_FEATURES)
}

/// The embedded Tango glyph model (`same` / `opposite`: the kind of a marker glyph, from the
/// glyph seen at the image's resolution).
pub fn tango_glyph() -> Option<&'static Softmax> {
    static M: OnceLock<Option<Softmax>> = OnceLock::new();
    embedded(&M, TANGO_GLYPH_FILE, &features::GLYPH_FEATURES)
}

/// The embedded Tango small-glyph model (`same` / `opposite`: the kind of a marker glyph of
/// a few pixels, from the glyph seen at the board's scale).
pub fn tango_glyph_small() -> Option<&'static Softmax> {
    static M: OnceLock<Option<Softmax>> = OnceLock::new();
    embedded(&M, TANGO_GLYPH_SMALL_FILE, &features::GLYPH_SMALL_FEATURES)
}

/// The embedded Tango cell model (`empty` / `sun` / `moon`).
pub fn tango_cell() -> Option<&'static Softmax> {
    static M: OnceLock<Option<Softmax>> = OnceLock::new();
    embedded(&M, TANGO_CELL_FILE, &features::CELL_FEATURES)
}

/// The embedded Tango cell background model (`plain` / `given`: a locked given's shaded
/// ground).
pub fn tango_background() -> Option<&'static Softmax> {
    static M: OnceLock<Option<Softmax>> = OnceLock::new();
    embedded(&M, TANGO_BACKGROUND_FILE, &features::BACKGROUND_FEATURES)
}

/// The Tango background model's probabilities (`plain`, `given`) for every cell of a read
/// board (`TangoTrace::cells`, row-major); `overlay_max_frac` is the reader's
/// [`crate::vision::tango::TangoReadOptions::overlay_max_frac`]. Empty when the embedded model
/// is missing.
pub fn tango_background_probs(
    cells: &[crate::vision::tango::CellRead],
    theme: crate::board::Theme,
    overlay_max_frac: f32,
) -> Vec<Vec<f32>> {
    let Some(m) = tango_background() else {
        return Vec::new();
    };
    features::background_features(cells, theme, overlay_max_frac)
        .iter()
        .map(|x| m.predict(x))
        .collect()
}

/// The embedded Queens same-region model (`same` / `border`, per pair of 4-adjacent cells).
pub fn queens_pair() -> Option<&'static Softmax> {
    static M: OnceLock<Option<Softmax>> = OnceLock::new();
    embedded(&M, QUEENS_PAIR_FILE, &features::QUEENS_PAIR_FEATURES)
}

/// The Queens same-region model's probabilities for every pair of 4-adjacent cells of a read
/// board (in [`features::queens_pair_features`] order; classes `same`, `border`), from what
/// the region stage grouped and its region map (`QueensTrace::grouped`, `QueensTrace::regions`).
/// Empty when the embedded model is missing.
pub fn queens_pair_probs(
    grouped: &crate::vision::queens::sample::Samples,
    regions: &crate::vision::queens::regions::Regions,
    theme: crate::board::Theme,
) -> Vec<(features::QueensPair, Vec<f32>)> {
    let Some(m) = queens_pair() else {
        return Vec::new();
    };
    features::queens_pair_features(grouped, regions, theme)
        .into_iter()
        .map(|p| {
            let probs = m.predict(&p.x);
            (p, probs)
        })
        .collect()
}

/// The embedded Queens player-mark model (`none` / `cross` / `crown`, per cell).
pub fn queens_mark() -> Option<&'static Softmax> {
    static M: OnceLock<Option<Softmax>> = OnceLock::new();
    embedded(&M, QUEENS_MARK_FILE, &features::QUEENS_MARK_FEATURES)
}

/// The Queens player-mark model's probabilities (`none`, `cross`, `crown`) for every cell of a
/// read board (row-major), from the cells' measurements (`QueensTrace::samples`) and the marks
/// the hand rule read (`Reading::placed`). The reader keeps the hand rule's marks: held out by
/// source the model measured no better (models/README.md). Empty when the embedded model is
/// missing.
pub fn queens_mark_probs(
    samples: &crate::vision::queens::sample::Samples,
    placed: &[crate::board::Placed],
    theme: crate::board::Theme,
) -> Vec<Vec<f32>> {
    let Some(m) = queens_mark() else {
        return Vec::new();
    };
    features::queens_mark_features(samples, placed, theme)
        .iter()
        .map(|x| m.predict(x))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_models_match_the_feature_code() {
        for (file, names, classes) in [
            (
                TANGO_EDGE_FILE,
                &features::EDGE_FEATURES[..],
                &features::EDGE_CLASSES[..],
            ),
            (
                TANGO_CELL_FILE,
                &features::CELL_FEATURES[..],
                &features::CELL_CLASSES[..],
            ),
            (
                TANGO_GLYPH_FILE,
                &features::GLYPH_FEATURES[..],
                &features::GLYPH_CLASSES[..],
            ),
            (
                TANGO_GLYPH_SMALL_FILE,
                &features::GLYPH_SMALL_FEATURES[..],
                &features::GLYPH_CLASSES[..],
            ),
            (
                TANGO_BACKGROUND_FILE,
                &features::BACKGROUND_FEATURES[..],
                &features::BACKGROUND_CLASSES[..],
            ),
            (
                QUEENS_PAIR_FILE,
                &features::QUEENS_PAIR_FEATURES[..],
                &features::QUEENS_PAIR_CLASSES[..],
            ),
            (
                QUEENS_MARK_FILE,
                &features::QUEENS_MARK_FEATURES[..],
                &features::QUEENS_MARK_CLASSES[..],
            ),
        ] {
            let text = std::str::from_utf8(file).unwrap();
            let m = Softmax::parse_for(text, names).unwrap();
            assert_eq!(m.classes, classes);
            assert_eq!(m.to_text(), text, "the file is what the writer writes");
        }
        assert_eq!(tango_edge().unwrap().classes, features::EDGE_CLASSES);
        assert_eq!(tango_cell().unwrap().classes, features::CELL_CLASSES);
        assert_eq!(tango_glyph().unwrap().classes, features::GLYPH_CLASSES);
        assert_eq!(
            tango_glyph_small().unwrap().classes,
            features::GLYPH_CLASSES
        );
        assert_eq!(
            queens_pair().unwrap().classes,
            features::QUEENS_PAIR_CLASSES
        );
        assert_eq!(
            queens_mark().unwrap().classes,
            features::QUEENS_MARK_CLASSES
        );
        let text = std::str::from_utf8(TANGO_GLYPH_SHAPE_FILE).unwrap();
        let shapes = tango_glyph_shapes().expect("the embedded shapes parse");
        assert_eq!(shapes.to_text(), text, "the file is what the writer writes");
        assert_eq!(
            (shapes.size, shapes.span),
            (shapes::SHAPE_SIZE, shapes::SHAPE_SPAN)
        );
    }

    #[test]
    fn queens_pairs_of_a_drawn_board_follow_its_regions() {
        use crate::vision::queens::locate::tests::{PALETTE, draw_board, sample_labels};
        use crate::vision::queens::{QueensReadOptions, read_queens_traced};
        let labels = sample_labels();
        let img = draw_board(&labels, 7, 40, 20, [255, 255, 255], &PALETTE);
        let (reading, trace) = read_queens_traced(&img, &QueensReadOptions::default());
        let reading = reading.expect("reads");
        let (grouped, regions) = (trace.grouped.unwrap(), trace.regions.unwrap());
        let probs = queens_pair_probs(&grouped, &regions, reading.theme);
        assert_eq!(probs.len(), 2 * 7 * 6);
        let rule = features::QUEENS_PAIR_FEATURES
            .iter()
            .position(|f| *f == "rule_same")
            .unwrap();
        for (p, prob) in probs {
            let same = labels[p.a.index(7)] == labels[p.b.index(7)];
            assert_eq!(p.x[rule], if same { 1.0 } else { 0.0 }, "{p:?}");
            let class = usize::from(prob[1] > prob[0]);
            assert_eq!(class, features::queens_pair_class(same), "{p:?} {prob:?}");
        }
    }

    #[test]
    fn queens_marks_of_a_read_board_follow_what_is_drawn() {
        use crate::board::Placed;
        use crate::generate::deduce::Grade;
        use crate::generate::make::{GenerateOptions, generate};
        use crate::puzzle::{Game, Puzzle};
        use crate::render::synth::{GameState, SynthOptions, render};
        use crate::vision::queens::{QueensReadOptions, read_queens_traced};
        let g = generate(&GenerateOptions::new(Game::Queens, 8, Grade::Easy, 11)).unwrap();
        let opts = SynthOptions {
            state: GameState::InProgress,
            ..SynthOptions::default()
        };
        let shot = render(&g.puzzle, Some(&g.solution), &opts).unwrap();
        assert!(matches!(g.puzzle, Puzzle::Queens(_)));
        let drawn = |crown: bool| {
            shot.placed
                .iter()
                .any(|p| matches!(p, Placed::Crown { .. }) == crown)
        };
        assert!(drawn(true) && drawn(false), "{:?}", shot.placed);
        let (reading, trace) = read_queens_traced(&shot.image, &QueensReadOptions::default());
        let reading = reading.expect("reads");
        let probs = queens_mark_probs(&trace.samples.unwrap(), &reading.placed, reading.theme);
        assert_eq!(probs.len(), 64);
        for (i, p) in probs.iter().enumerate() {
            let pos = crate::puzzle::Pos::new(i / 8, i % 8);
            let drawn = shot.placed.iter().find(|m| m.pos() == pos);
            let class = (0..3).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap();
            assert_eq!(class, features::queens_mark_class(drawn), "{pos} {p:?}");
        }
    }

    #[test]
    fn refuses_other_versions_and_short_records() {
        assert_eq!(
            Softmax::parse("snapsolve-model 2\n"),
            Err(ModelError::Version)
        );
        let text = std::str::from_utf8(TANGO_EDGE_FILE).unwrap();
        let cut: String = text.lines().take(6).map(|l| format!("{l}\n")).collect();
        assert!(Softmax::parse(&cut).is_err());
    }
}
