//! Trains the learned models in `models/` (see `models/README.md`) and writes their
//! leave-one-source-out report.
//!
//! `cargo run --release --example train_models -- [--shots DIR] [--out DIR] [--synthetic N] [--only-shapes]`
//!
//! Defaults: `--shots ../shared/realshots`, `--out models`, `--synthetic 120`. Data: every
//! labelled Tango image of the shots folder (read with the Tango reader; classes from the label,
//! placed pieces from the label's unique solution), every labelled Queens image (read with the
//! Queens reader; same-region truth from the label, player marks where the manifest's kind
//! tells them: none on raw boards, the solution's crowns on solved ones) and synthetic renders
//! of generated
//! puzzles (fixed seeds). Training is deterministic: the same command writes the same bytes.

#[path = "../tests/support/perturb.rs"]
mod perturb;

use image::RgbImage;
use snapsolve::format;
use snapsolve::generate::deduce::Grade;
use snapsolve::generate::make::{GenerateOptions, generate};
use snapsolve::models::features::{
    BACKGROUND_CLASSES, BACKGROUND_FEATURES, CELL_CLASSES, CELL_FEATURES, EDGE_CLASSES,
    EDGE_FEATURES, GLYPH_CLASSES, GLYPH_FEATURES, GLYPH_SMALL_FEATURES, QUEENS_MARK_CLASSES,
    QUEENS_MARK_FEATURES, QUEENS_PAIR_CLASSES, QUEENS_PAIR_FEATURES, background_class,
    background_features, cell_class, cell_features, edge_class, edge_features, glyph_features,
    glyph_small_features, queens_mark_class, queens_mark_features, queens_pair_class,
    queens_pair_features,
};
use snapsolve::models::train::{Samples, TrainOptions, fit, fit_temperature, logits, reliability};
use snapsolve::models::{Softmax, softmax};
use snapsolve::puzzle::{Game, Pos, Puzzle, Queens, Solution, Tango};
use snapsolve::render::rng::Rng;
use snapsolve::render::synth::{GameState, Pointer, RandomRanges, SynthOptions, render};
use snapsolve::solve::{Outcome, SolveOptions, solve};
use snapsolve::vision::decode::{DecodeOptions, decode};
use snapsolve::vision::queens::{QueensReadOptions, read_queens_traced};
use snapsolve::vision::tango::{TangoReadOptions, TangoTrace, read_tango_traced};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One labelled element (cell or edge).
#[derive(Clone, Debug)]
struct Elem {
    source: String,
    /// Image and element, for the list of mistakes.
    at: String,
    x: Vec<f32>,
    y: usize,
    rule: usize,
    rule_conf: f32,
    /// The renderer's variation of a held-out synthetic render (empty otherwise).
    variation: &'static str,
}

/// The elements of one image.
#[derive(Default)]
struct Shot {
    cells: Vec<Elem>,
    edges: Vec<Elem>,
    /// Marker glyphs (the edge's truth is a marker and the reader saw a glyph of a kind).
    glyphs: Vec<Elem>,
    /// Cell backgrounds (given or plain ground).
    grounds: Vec<Elem>,
    /// Small marker glyphs (as `glyphs`, boxes of `SMALL_PX` image pixels), for the
    /// small-glyph model.
    small: Vec<Elem>,
}

/// Glyph box sizes (image pixels) of the small-glyph model's data: the reader asks it from 2
/// to 4 px (`TangoReadOptions::marker_small_px`); up to 5 px for more examples of the shapes.
const SMALL_PX: (f32, f32) = (2.0, 5.0);

/// Stronger down-scales of the real shots, for the small-glyph model's data only (again
/// unlike the perturbation suite's 0.5x and 0.35x).
const SMALL_AUGMENT: [&str; 4] = [
    "down-0.3x",
    "down-0.27x",
    "down-0.38x-jpeg70",
    "down-0.42x-blur-0.6",
];

/// Degradations of the real shots for the glyph model's data, unlike the perturbation suite's
/// (its scales, blur and noise are other values), so the suite stays a test of the model.
const AUGMENT: [&str; 10] = [
    "none",
    "down-0.6x",
    "down-0.45x",
    "down-0.4x-jpeg60",
    "blur-0.9",
    "blur-1.6",
    "noise-6",
    "noise-11",
    "jpeg-50",
    "down-0.55x-blur-0.7",
];

fn augment(img: &RgbImage, name: &str, seed: u64) -> RgbImage {
    use imageproc::filter::gaussian_blur_f32 as blur;
    match name {
        "down-0.6x" => perturb::scale(img, 0.6),
        "down-0.45x" => perturb::scale(img, 0.45),
        "down-0.4x-jpeg60" => perturb::jpeg(&perturb::scale(img, 0.4), 60),
        "blur-0.9" => blur(img, 0.9),
        "blur-1.6" => blur(img, 1.6),
        "noise-6" => perturb::noise(img, 6.0, seed),
        "noise-11" => perturb::noise(img, 11.0, seed),
        "jpeg-50" => perturb::jpeg(img, 50),
        "down-0.55x-blur-0.7" => blur(&perturb::scale(img, 0.55), 0.7),
        "down-0.3x" => perturb::scale(img, 0.3),
        "down-0.27x" => perturb::scale(img, 0.27),
        "down-0.38x-jpeg70" => perturb::jpeg(&perturb::scale(img, 0.38), 70),
        "down-0.42x-blur-0.6" => blur(&perturb::scale(img, 0.42), 0.6),
        _ => img.clone(),
    }
}

/// Truth of one board: the puzzle and what sits on every cell.
struct Truth {
    puzzle: Tango,
    cell: Vec<Option<snapsolve::Symbol>>,
    /// Cells whose class is known (themed icons are skipped).
    cells_known: bool,
    /// Edges the reading found occluded (a pointer's part is no glyph).
    occluded: Vec<snapsolve::puzzle::Edge>,
    /// The board shows its givens on a shaded ground (not a board read from its pieces alone,
    /// [`snapsolve::board::Reading::pieces_as_givens`]).
    shaded_givens: bool,
}

fn elements(
    trace: &TangoTrace,
    truth: &Truth,
    (source, image): (&str, &str),
    opts: &TangoReadOptions,
) -> Shot {
    let Some(lat) = &trace.lattice else {
        return Shot::default();
    };
    let theme = lat.theme;
    let mut shot = Shot::default();
    if truth.cells_known {
        let feats = cell_features(&trace.cells, theme, opts.icon_min_frac);
        for (c, x) in trace.cells.iter().zip(feats) {
            shot.cells.push(Elem {
                source: source.into(),
                at: format!("{image} {:?}", c.pos),
                x: x.to_vec(),
                y: cell_class(truth.cell[c.pos.index(truth.puzzle.cols())]),
                rule: cell_class(c.symbol),
                rule_conf: c.conf,
                variation: "",
            });
        }
    }
    if truth.shaded_givens {
        let feats = background_features(&trace.cells, theme, opts.overlay_max_frac);
        for (c, x) in trace.cells.iter().zip(feats) {
            shot.grounds.push(Elem {
                source: source.into(),
                at: format!("{image} {:?}", c.pos),
                x: x.to_vec(),
                y: background_class(truth.puzzle.given(c.pos).is_some()),
                rule: background_class(c.given),
                rule_conf: c.given_conf,
                variation: "",
            });
        }
    }
    let cell_px = lat.grid.cell_w.min(lat.grid.cell_h);
    for e in &trace.edges {
        let truth_marker = truth.puzzle.marker(e.edge);
        if let (Some(t), Some(r)) = (truth_marker, e.marker)
            && e.glyph_px >= SMALL_PX.0
            && e.glyph_px < SMALL_PX.1
            && !e.intruder
            && !truth.occluded.contains(&e.edge)
        {
            shot.small.push(Elem {
                source: source.into(),
                at: format!("{image} {:?}", e.edge),
                x: glyph_small_features(&e.small_patch, cell_px, e.glyph_px, e.aspect).to_vec(),
                y: edge_class(Some(t)) - 1,
                rule: edge_class(Some(r)) - 1,
                rule_conf: e.conf,
                variation: "",
            });
        }
        if let (Some(t), Some(r)) = (truth_marker, e.marker)
            && e.glyph_px >= opts.marker_glyph_min_px
            && !e.intruder
            && !truth.occluded.contains(&e.edge)
        {
            shot.glyphs.push(Elem {
                source: source.into(),
                at: format!("{image} {:?}", e.edge),
                x: glyph_features(&e.glyph_patch, e.glyph_px, e.aspect).to_vec(),
                y: edge_class(Some(t)) - 1,
                rule: edge_class(Some(r)) - 1,
                rule_conf: e.conf,
                variation: "",
            });
        }
        shot.edges.push(Elem {
            source: source.into(),
            at: format!("{image} {:?}", e.edge),
            x: edge_features(e, theme).to_vec(),
            y: edge_class(truth.puzzle.marker(e.edge)),
            rule: edge_class(e.marker),
            rule_conf: e.conf,
            variation: "",
        });
    }
    shot
}

/// A labelled real image: (source repo, image path, label path, the manifest's `kind`, comma
/// separated: `raw`, `solved`, `themed`...).
type ShotRow = (String, PathBuf, PathBuf, String);

/// Labelled real images of `game` (`tango`, `queens`).
fn manifest(shots: &Path, game: &str) -> anyhow::Result<Vec<ShotRow>> {
    let text = std::fs::read_to_string(shots.join("MANIFEST.tsv"))?;
    let mut out = Vec::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 8 || f[1] != game || f[2] == "-" {
            continue;
        }
        out.push((
            f[7].to_string(),
            shots.join(f[0]),
            shots.join(f[2]),
            f[5].to_string(),
        ));
    }
    Ok(out)
}

fn occluded_edges(r: &snapsolve::board::Reading) -> Vec<snapsolve::puzzle::Edge> {
    r.occluded
        .iter()
        .filter_map(|e| match e {
            snapsolve::certify::Element::Edge { edge } => Some(*edge),
            _ => None,
        })
        .collect()
}

fn unique(p: &Puzzle) -> Option<Solution> {
    match solve(p, &SolveOptions::default()).ok()?.outcome {
        Outcome::Unique(s) => Some(s),
        _ => None,
    }
}

fn real_shot(row: &ShotRow, aug: &str, opts: &TangoReadOptions) -> Option<Shot> {
    let (source, image, label, kind) = row;
    let themed = kind.contains("themed");
    let puzzle = format::parse(&std::fs::read_to_string(label).ok()?).ok()?;
    let solution = unique(&puzzle)?;
    let Puzzle::Tango(t) = puzzle else {
        return None;
    };
    let img = decode(&std::fs::read(image).ok()?, &DecodeOptions::default()).ok()?;
    let name = image
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into());
    let img = augment(&img, aug, perturb::fnv1a(&format!("{name} {aug}")));
    let (reading, trace) = read_tango_traced(&img, opts);
    let reading = reading.ok()?;
    if (reading.grid.rows, reading.grid.cols) != (t.rows(), t.cols()) {
        return None;
    }
    // Givens from the label; a piece the reader saw on another cell takes the solution's
    // symbol; the other cells are empty.
    let cell = trace
        .cells
        .iter()
        .map(|c| {
            t.given(c.pos)
                .or_else(|| c.symbol.and_then(|_| solution.symbol(c.pos)))
        })
        .collect();
    let truth = Truth {
        puzzle: t,
        cell,
        cells_known: !themed,
        occluded: occluded_edges(&reading),
        shaded_givens: !reading.pieces_as_givens,
    };
    let mut shot = elements(&trace, &truth, (source, &format!("{name} [{aug}]")), opts);
    if aug != "none" {
        // Degraded copies feed the glyph models only.
        shot.cells.clear();
        shot.edges.clear();
        shot.grounds.clear();
    }
    if SMALL_AUGMENT.contains(&aug) {
        // The stronger down-scales feed the small-glyph model only.
        shot.glyphs.clear();
    }
    Some(shot)
}

/// A synthetic render: `small` ones (seeds 20000.., 6x6 and 8x8, scale 0.25-0.7, more blur
/// and noise) feed the glyph model only, as a source of their own (held out like a real one).
fn synthetic_shot(i: u64, small: bool, opts: &TangoReadOptions) -> Option<Shot> {
    let grade = [Grade::Easy, Grade::Medium, Grade::Hard][(i % 3) as usize];
    let (size, seed) = if small {
        (if i.is_multiple_of(2) { 6 } else { 8 }, 20000 + i)
    } else {
        (6, 7000 + i)
    };
    let g = generate(&GenerateOptions::new(Game::Tango, size, grade, seed)).ok()?;
    let ranges = if small {
        RandomRanges {
            scale: (0.25, 0.7),
            max_blur: 1.5,
            max_noise: 8.0,
            ..RandomRanges::default()
        }
    } else {
        RandomRanges {
            cursor_share: 0.25,
            ..RandomRanges::default()
        }
    };
    let so = SynthOptions::random(&mut Rng::new(seed + 2000), &ranges);
    let shot = render(&g.puzzle, Some(&g.solution), &so).ok()?;
    let Puzzle::Tango(t) = g.puzzle else {
        return None;
    };
    let (reading, trace) = read_tango_traced(&shot.image, opts);
    let r = reading.ok()?;
    let (a, b) = (r.grid, shot.grid);
    let off = (a.left - b.left).abs().max((a.top - b.top).abs());
    if (a.rows, a.cols) != (b.rows, b.cols) || off > 0.25 * b.cell_w {
        return None;
    }
    let mut cell: Vec<_> = (0..t.rows() * t.cols())
        .map(|k| t.given(Pos::new(k / t.cols(), k % t.cols())))
        .collect();
    for p in &shot.placed {
        if let snapsolve::board::Placed::Symbol { pos, symbol } = *p {
            cell[pos.index(t.cols())] = Some(symbol);
        }
    }
    let truth = Truth {
        puzzle: t,
        cell,
        cells_known: true,
        occluded: occluded_edges(&r),
        shaded_givens: !r.pieces_as_givens,
    };
    let source = if small {
        "synthetic-small"
    } else {
        "synthetic"
    };
    let mut shot = elements(&trace, &truth, (source, &format!("{source} {i}")), opts);
    if small {
        shot.cells.clear();
        shot.edges.clear();
        shot.grounds.clear();
    }
    Some(shot)
}

/// Applies one of the renderer's variations ([`QUEENS_VARIATIONS`], [`TANGO_VARIATIONS`]) to
/// render options drawn by [`SynthOptions::random`].
fn vary(so: &mut SynthOptions, variation: &str, rng: &mut Rng) {
    let v = &mut so.variations;
    match variation {
        "stripes" => v.stripes = true,
        "stripes-over" => v.stripes_over = true,
        "shimmer" => {
            v.shimmer = true;
            so.state = GameState::Solved;
        }
        "hint-mode" => v.hint_mode = true,
        "pointer-arrow" => v.pointer = Some(Pointer::Arrow),
        "pointer-hand" => v.pointer = Some(Pointer::Hand),
        "hover" => so.hover = true,
        "fade-in" => {
            v.fade = 0.3 + 0.6 * rng.f32();
            if so.state == GameState::Raw {
                so.state = GameState::InProgress;
            }
        }
        "themed" => v.themed = true,
        "small" => so.scale = 108 + rng.below(60) as u32,
        _ => {}
    }
    if v.pointer.is_some() {
        v.pointer_scale = 0.5 + 1.5 * rng.f32();
    }
}

/// Variations of the Tango renders for the background model, by render index.
const TANGO_VARIATIONS: [&str; 8] = [
    "stripes",
    "stripes-over",
    "shimmer",
    "pointer-arrow",
    "pointer-hand",
    "fade-in",
    "themed",
    "small",
];

/// A Tango render for the background model only (its cells' grounds): with `varied`, one of
/// [`TANGO_VARIATIONS`] in turn (seeds 50000.., a source of their own, held out like a real
/// one); without, every other one with one of them in turn and the others plain (seeds
/// 60000.., always in training). 6x6 and 8x8 boards, grades easy/medium/hard in turn.
fn tango_grounds(i: u64, varied: bool, opts: &TangoReadOptions) -> Option<Vec<Elem>> {
    let grade = [Grade::Easy, Grade::Medium, Grade::Hard][(i % 3) as usize];
    let size = if i.is_multiple_of(4) || i % 4 == 1 {
        6
    } else {
        8
    };
    let seed = if varied { 50000 + i } else { 60000 + i };
    let g = generate(&GenerateOptions::new(Game::Tango, size, grade, seed)).ok()?;
    let kinds = TANGO_VARIATIONS.len() as u64;
    let variation = if varied {
        TANGO_VARIATIONS[(i % kinds) as usize]
    } else if i % 2 == 1 {
        TANGO_VARIATIONS[((i / 2) % kinds) as usize]
    } else {
        "plain"
    };
    let mut rng = Rng::new(seed + 2000);
    let mut so = SynthOptions::random(&mut rng, &RandomRanges::default());
    vary(&mut so, variation, &mut rng);
    let shot = render(&g.puzzle, Some(&g.solution), &so).ok()?;
    let Puzzle::Tango(t) = g.puzzle else {
        return None;
    };
    let (reading, trace) = read_tango_traced(&shot.image, opts);
    let r = reading.ok()?;
    let (a, b) = (r.grid, shot.grid);
    let off = (a.left - b.left).abs().max((a.top - b.top).abs());
    if (a.rows, a.cols) != (b.rows, b.cols) || off > 0.25 * b.cell_w {
        return None;
    }
    let truth = Truth {
        cell: vec![None; t.rows() * t.cols()],
        puzzle: t,
        cells_known: false,
        occluded: Vec::new(),
        shaded_givens: !r.pieces_as_givens,
    };
    let source = if varied {
        "synthetic-variations"
    } else {
        "synthetic"
    };
    let shot = elements(
        &trace,
        &truth,
        (source, &format!("{source} {i} {variation}")),
        opts,
    );
    let tag = if varied { variation } else { "" };
    Some(
        shot.grounds
            .into_iter()
            .map(|e| Elem {
                variation: tag,
                ..e
            })
            .collect(),
    )
}

/// The elements of one Queens image: same-region pairs and player marks.
#[derive(Default)]
struct QueensShot {
    /// Every pair of 4-adjacent cells (the same-region model).
    pairs: Vec<Elem>,
    /// Cells whose mark is known (the player-mark model).
    marks: Vec<Elem>,
}

/// What is known of the player's marks on an image: `Some(marks)` with every mark, or the
/// crowns of a solved board only (`crowns_only`: the labels record no x marks, so a cell
/// without a crown is `none` or `cross`, and takes the hand rule's reading unless that is a
/// crown).
struct MarkTruth {
    marks: Vec<snapsolve::board::Placed>,
    crowns_only: bool,
}

/// The elements of one Queens reading: every pair of 4-adjacent cells (truth from `truth`,
/// the label's or the renderer's puzzle) and, with `marks`, every cell's player mark (cells
/// the reader found under a pointer left out). None when the reading failed or its lattice is
/// not the truth's size.
fn queens_elements(
    img: &RgbImage,
    truth: &Queens,
    marks: Option<&MarkTruth>,
    (source, image, variation): (&str, &str, &'static str),
    opts: &QueensReadOptions,
) -> Option<(QueensShot, snapsolve::board::Grid)> {
    let (reading, trace) = read_queens_traced(img, opts);
    let reading = reading.ok()?;
    if (reading.grid.rows, reading.grid.cols) != (truth.n(), truth.n()) {
        return None;
    }
    let (grouped, regions) = (trace.grouped.as_ref()?, trace.regions.as_ref()?);
    let at = |name: &str| QUEENS_PAIR_FEATURES.iter().position(|f| *f == name);
    let (same, conf) = (at("rule_same")?, at("rule_conf")?);
    let pairs = queens_pair_features(grouped, regions, reading.theme)
        .into_iter()
        .map(|p| Elem {
            source: source.into(),
            at: format!(
                "{image} ({}, {})-({}, {})",
                p.a.row, p.a.col, p.b.row, p.b.col
            ),
            y: queens_pair_class(truth.region(p.a) == truth.region(p.b)),
            rule: queens_pair_class(p.x[same] > 0.5),
            rule_conf: p.x[conf],
            x: p.x.to_vec(),
            variation,
        })
        .collect();
    let mut shot = QueensShot {
        pairs,
        marks: Vec::new(),
    };
    if let (Some(known), Some(samples)) = (marks, trace.samples.as_ref()) {
        let n = truth.n();
        let occluded: Vec<Pos> = reading
            .occluded
            .iter()
            .filter_map(|e| match e {
                snapsolve::certify::Element::Cell { pos } => Some(*pos),
                _ => None,
            })
            .collect();
        let at = |name: &str| QUEENS_MARK_FEATURES.iter().position(|f| *f == name);
        let (cross, crown) = (at("rule_cross")?, at("rule_crown")?);
        let feats = queens_mark_features(samples, &reading.placed, reading.theme);
        for (i, x) in feats.into_iter().enumerate() {
            let pos = Pos::new(i / n, i % n);
            if occluded.contains(&pos) {
                continue;
            }
            let rule = usize::from(x[cross] > 0.5) + 2 * usize::from(x[crown] > 0.5);
            let told = queens_mark_class(known.marks.iter().find(|p| p.pos() == pos));
            let y = if known.crowns_only && told != 2 {
                if rule == 2 { 0 } else { rule }
            } else {
                told
            };
            shot.marks.push(Elem {
                source: source.into(),
                at: format!("{image} {pos}"),
                y,
                rule,
                rule_conf: 1.0,
                x: x.to_vec(),
                variation,
            });
        }
    }
    Some((shot, reading.grid))
}

/// A labelled real Queens image. Player marks are known on boards the manifest calls `raw`
/// (none) and `solved` (the label's solution's crowns; see [`MarkTruth`]); other boards give
/// pairs only.
fn real_queens(row: &ShotRow, opts: &QueensReadOptions) -> Option<QueensShot> {
    let (source, image, label, kind) = row;
    let Puzzle::Queens(q) = format::parse(&std::fs::read_to_string(label).ok()?).ok()? else {
        return None;
    };
    let img = decode(&std::fs::read(image).ok()?, &DecodeOptions::default()).ok()?;
    let name = image
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into());
    let marks = if kind.split(',').any(|k| k == "raw") {
        Some(MarkTruth {
            marks: Vec::new(),
            crowns_only: false,
        })
    } else if kind.split(',').any(|k| k == "solved") {
        match unique(&Puzzle::Queens(q.clone()))? {
            Solution::Queens { crowns } => Some(MarkTruth {
                marks: crowns
                    .iter()
                    .enumerate()
                    .map(|(r, &c)| snapsolve::board::Placed::Crown {
                        pos: Pos::new(r, c),
                    })
                    .collect(),
                crowns_only: true,
            }),
            Solution::Tango { .. } => None,
        }
    } else {
        None
    };
    queens_elements(&img, &q, marks.as_ref(), (source, &name, ""), opts).map(|(e, _)| e)
}

/// Variations of the held-out `synthetic-variations` renders, by render index.
const QUEENS_VARIATIONS: [&str; 8] = [
    "stripes",
    "stripes-over",
    "shimmer",
    "hint-mode",
    "pointer-arrow",
    "pointer-hand",
    "hover",
    "small",
];

/// A synthetic Queens render: for training (seeds 30000.., always in training; every other one
/// with one of [`QUEENS_VARIATIONS`] in turn, the others plain with a hovered cell on 20% and a
/// mouse pointer on 15%) or, with `varied`, one of [`QUEENS_VARIATIONS`] in turn (seeds
/// 40000.., a source of their own, held out like a real one). Sizes 7 to 11, grades
/// easy/medium/hard in turn.
fn synthetic_queens(i: u64, varied: bool, opts: &QueensReadOptions) -> Option<QueensShot> {
    let grade = [Grade::Easy, Grade::Medium, Grade::Hard][(i % 3) as usize];
    let size = 7 + (i % 5) as usize;
    let seed = if varied { 40000 + i } else { 30000 + i };
    let g = generate(&GenerateOptions::new(Game::Queens, size, grade, seed))
        .or_else(|_| generate(&GenerateOptions::new(Game::Queens, size, Grade::Easy, seed)))
        .ok()?;
    let kinds = QUEENS_VARIATIONS.len() as u64;
    let variation = if varied {
        QUEENS_VARIATIONS[(i % kinds) as usize]
    } else if i % 2 == 1 {
        QUEENS_VARIATIONS[((i / 2) % kinds) as usize]
    } else {
        "plain"
    };
    let plain = variation == "plain";
    let ranges = RandomRanges {
        hover_share: if plain { 0.2 } else { 0.0 },
        cursor_share: if plain { 0.15 } else { 0.0 },
        ..RandomRanges::default()
    };
    let mut rng = Rng::new(seed + 2000);
    let mut so = SynthOptions::random(&mut rng, &ranges);
    vary(&mut so, variation, &mut rng);
    let shot = render(&g.puzzle, Some(&g.solution), &so).ok()?;
    let Puzzle::Queens(q) = g.puzzle else {
        return None;
    };
    let source = if varied {
        "synthetic-variations"
    } else {
        "synthetic"
    };
    let marks = MarkTruth {
        marks: shot.placed.clone(),
        crowns_only: false,
    };
    let (elems, a) = queens_elements(
        &shot.image,
        &q,
        Some(&marks),
        (
            source,
            &format!("{source} {i} {variation}"),
            if varied { variation } else { "" },
        ),
        opts,
    )?;
    let b = shot.grid;
    let off = (a.left - b.left).abs().max((a.top - b.top).abs());
    (off <= 0.25 * b.cell_w).then_some(elems)
}

fn samples<'a>(elems: impl Iterator<Item = &'a Elem>) -> Samples {
    let mut s = Samples::default();
    for e in elems {
        s.push(&e.x, e.y);
    }
    s
}

fn argmax(p: &[f32]) -> usize {
    (0..p.len())
        .max_by(|&i, &j| p[i].total_cmp(&p[j]).then(j.cmp(&i)))
        .unwrap_or(0)
}

/// Trains one model with leave-one-source-out evaluation; returns the final model and the
/// report section.
fn train_one(
    name: &str,
    classes: &[&str],
    features: &[&str],
    real: &[Elem],
    synth: &[Elem],
    max_listed: usize,
) -> (Softmax, String) {
    let opts = TrainOptions::default();
    let sources: BTreeSet<&str> = real.iter().map(|e| e.source.as_str()).collect();
    let mut out = format!(
        "### {name}\n\nLeave-one-source-out ({} real elements, {} synthetic always in training):\n\n\
         | held-out source | elements | hand rule | model | model NLL (temperature 1) |\n|---|---|---|---|---|\n",
        real.len(),
        synth.len()
    );
    let (mut held_logits, mut held_y, mut held) = (Vec::new(), Vec::new(), Vec::new());
    for s in &sources {
        let train: Vec<&Elem> = real
            .iter()
            .filter(|e| e.source != *s)
            .chain(synth)
            .collect();
        let test: Vec<&Elem> = real.iter().filter(|e| e.source == *s).collect();
        let m = fit(name, classes, features, &samples(train.into_iter()), &opts);
        let ts = samples(test.iter().copied());
        let z = logits(&m, &ts);
        let rule_ok = test.iter().filter(|e| e.rule == e.y).count();
        let model_ok = z
            .iter()
            .zip(&ts.y)
            .filter(|(z, y)| argmax(z) == **y)
            .count();
        let nll = snapsolve::models::train::nll(&z, &ts.y, 1.0);
        let _ = writeln!(
            out,
            "| {s} | {} | {} | {} | {nll:.4} |",
            test.len(),
            pct(rule_ok, test.len()),
            pct(model_ok, test.len())
        );
        held_logits.extend(z);
        held_y.extend(ts.y);
        held.extend(test.into_iter().cloned());
    }
    let n = held.len();
    let rule_ok = held.iter().filter(|e| e.rule == e.y).count();
    let model_ok = held_logits
        .iter()
        .zip(&held_y)
        .filter(|(z, y)| argmax(z) == **y)
        .count();
    let _ = writeln!(
        out,
        "| **all** | {n} | **{}** ({} wrong) | **{}** ({} wrong) | {:.4} |\n",
        pct(rule_ok, n),
        n - rule_ok,
        pct(model_ok, n),
        n - model_ok,
        snapsolve::models::train::nll(&held_logits, &held_y, 1.0)
    );
    let mut listed = 0;
    for (e, z) in held.iter().zip(&held_logits) {
        let m = argmax(z);
        if (m != e.y || e.rule != e.y) && listed < max_listed {
            listed += 1;
            let _ = writeln!(
                out,
                "- {}: truth {}, hand rule {}, model {}",
                e.at, classes[e.y], classes[e.rule], classes[m]
            );
        }
    }
    out.push('\n');
    let t = fit_temperature(&held_logits, &held_y);
    out.push_str(&calibration(&held_logits, &held, t, features));
    out.push_str(&by_variation(&held_logits, &held, t));
    let all: Vec<&Elem> = real.iter().chain(synth).collect();
    let mut m = fit(name, classes, features, &samples(all.into_iter()), &opts);
    m.temperature = t;
    (m, out)
}

/// Per renderer variation of the held-out synthetic renders (when there are any): elements,
/// hand rule wrong, model wrong, model sure (>= 0.995) and wrong.
fn by_variation(z: &[Vec<f32>], held: &[Elem], t: f32) -> String {
    let kinds: BTreeSet<&str> = held
        .iter()
        .map(|e| e.variation)
        .filter(|v| !v.is_empty())
        .collect();
    if kinds.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "By variation of the held-out synthetic renders: elements / hand rule wrong / model \
         wrong / model sure (>= 0.995) and wrong.\n\n\
         | variation | elements | hand rule wrong | model wrong | sure and wrong |\n|---|---|---|---|---|\n",
    );
    for k in kinds {
        let (mut n, mut rw, mut mw, mut sw) = (0, 0, 0, 0);
        for (z, e) in z.iter().zip(held).filter(|(_, e)| e.variation == k) {
            let p = softmax(&z.iter().map(|v| v / t).collect::<Vec<_>>());
            let m = argmax(&p);
            n += 1;
            rw += usize::from(e.rule != e.y);
            mw += usize::from(m != e.y);
            sw += usize::from(m != e.y && p[m] >= 0.995);
        }
        let _ = writeln!(out, "| {k} | {n} | {rw} | {mw} | {sw} |");
    }
    out.push('\n');
    out
}

fn pct(k: usize, n: usize) -> String {
    format!("{:.2}%", 100.0 * k as f64 / n.max(1) as f64)
}

/// Reliability of the held-out predictions: the model's own decision, the hand rule's
/// confidence, and the model's probability of the hand rule's class.
fn calibration(z: &[Vec<f32>], held: &[Elem], t: f32, features: &[&str]) -> String {
    let probs: Vec<Vec<f32>> = z
        .iter()
        .map(|z| softmax(&z.iter().map(|v| v / t).collect::<Vec<_>>()))
        .collect();
    let model: Vec<(f32, bool)> = probs
        .iter()
        .zip(held)
        .map(|(p, e)| (p[argmax(p)], argmax(p) == e.y))
        .collect();
    let rule: Vec<(f32, bool)> = held.iter().map(|e| (e.rule_conf, e.rule == e.y)).collect();
    let mixed: Vec<(f32, bool)> = probs
        .iter()
        .zip(held)
        .map(|(p, e)| (p[e.rule], e.rule == e.y))
        .collect();
    let bounds = [0.0, 0.5, 0.7, 0.9, 0.97, 0.99, 0.995, 0.999, 1.0];
    let mut out = format!(
        "Calibration on the held-out folds (temperature {t}): predictions per confidence bin, \
         mean confidence -> observed accuracy.\n\n\
         | confidence | model (own class) | hand rule (its conf) | model's probability of the hand rule's class |\n|---|---|---|---|\n"
    );
    let (a, b, c) = (
        reliability(&model, &bounds),
        reliability(&rule, &bounds),
        reliability(&mixed, &bounds),
    );
    for ((x, y), w) in a.iter().zip(&b).zip(&c) {
        let cellf = |b: &snapsolve::models::train::Bin| {
            if b.n == 0 {
                "-".to_string()
            } else {
                format!("{} : {:.3} -> {:.3}", b.n, b.predicted, b.observed)
            }
        };
        let _ = writeln!(
            out,
            "| {:.2}-{:.2} | {} | {} | {} |",
            x.lo,
            x.hi,
            cellf(x),
            cellf(y),
            cellf(w)
        );
    }
    out.push('\n');
    // What the reader's use of a model rests on: how often a sure model (0.995) is wrong when
    // it agrees with the hand rule (it then confirms the read) and when it disagrees (it then
    // doubts it).
    let sure = 0.995;
    let (mut agree, mut agree_wrong, mut against, mut against_rule_wrong) = (0, 0, 0, 0);
    for (p, e) in probs.iter().zip(held) {
        let m = argmax(p);
        if p[m] < sure {
            continue;
        }
        if m != e.y {
            let _ = writeln!(
                out,
                "- sure and wrong: {} (p {:.4}, hand rule {} {:.2})",
                e.at, p[m], e.rule, e.rule_conf
            );
        }
        if m == e.rule {
            agree += 1;
            agree_wrong += usize::from(m != e.y);
        } else {
            against += 1;
            against_rule_wrong += usize::from(e.rule != e.y);
        }
    }
    if let Some(k) = features.iter().position(|f| *f == "log_px") {
        let _ = writeln!(
            out,
            "By glyph size (image pixels), held-out folds: elements / model wrong / hand rule \
             wrong / model sure (>= {sure}) and agreeing with the hand rule / of those wrong.\n\n\
             | glyph px | elements | model wrong | hand rule wrong | sure and agreeing | of those wrong |\n|---|---|---|---|---|---|"
        );
        let bins: &[(f32, f32)] = if features.contains(&"log_cell") {
            &[(2.0, 2.5), (2.5, 3.0), (3.0, 3.5), (3.5, 4.0), (4.0, 5.0)]
        } else {
            &[
                (0.0, 4.0),
                (4.0, 5.0),
                (5.0, 6.0),
                (6.0, 8.0),
                (8.0, 12.0),
                (12.0, 1e9),
            ]
        };
        for &(lo, hi) in bins {
            let (mut n, mut mw, mut rw, mut sa, mut saw) = (0, 0, 0, 0, 0);
            for (p, e) in probs.iter().zip(held) {
                let px = e.x[k].exp();
                if px < lo || px >= hi {
                    continue;
                }
                let m = argmax(p);
                n += 1;
                mw += usize::from(m != e.y);
                rw += usize::from(e.rule != e.y);
                if p[m] >= sure && m == e.rule {
                    sa += 1;
                    saw += usize::from(m != e.y);
                }
            }
            let _ = writeln!(out, "| {lo}-{hi} | {n} | {mw} | {rw} | {sa} | {saw} |");
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "Model sure (>= {sure}) of the hand rule's class: {agree}, of which wrong {agree_wrong}; \
         sure of another class: {against}, of which the hand rule was wrong {against_rule_wrong}.\n"
    );
    out
}

/// Large glyphs feed the shapes: cells of at least this many image pixels.
const SHAPE_MIN_CELL: f32 = 45.0;
/// Glyph ink must stand this many luma levels out of its ground to feed the shapes.
const SHAPE_MIN_CONTRAST: f32 = 20.0;
/// Down-scales of the shapes' leave-one-source-out table (the perturbation suite's 0.5x and
/// 0.35x, and 0.3x).
const SHAPE_SCALES: [f32; 3] = [0.5, 0.35, 0.3];

/// One real Tango capture for the glyph shapes: its source, the image, the label and the
/// board read at the capture's own scale.
struct ShapeShot {
    source: String,
    img: RgbImage,
    label: Tango,
    /// `(kind, orientation, ink)` of every labelled marker when the cells are large.
    glyphs: Vec<(snapsolve::puzzle::Marker, usize, Vec<f32>)>,
}

fn shape_shot(row: &ShotRow, opts: &TangoReadOptions) -> Option<ShapeShot> {
    use snapsolve::models::shapes::{SHAPE_SIZE, SHAPE_SPAN, glyph_ink, orientation};
    let (source, image, label, kind) = row;
    if kind.contains("themed") {
        return None;
    }
    let Puzzle::Tango(t) = format::parse(&std::fs::read_to_string(label).ok()?).ok()? else {
        return None;
    };
    let img = decode(&std::fs::read(image).ok()?, &DecodeOptions::default()).ok()?;
    let (reading, _) = read_tango_traced(&img, opts);
    let reading = reading.ok()?;
    if (reading.grid.rows, reading.grid.cols) != (t.rows(), t.cols()) {
        return None;
    }
    let g = reading.grid;
    let occluded = occluded_edges(&reading);
    let glyphs = if g.cell_w.min(g.cell_h) >= SHAPE_MIN_CELL {
        t.edges()
            .filter(|e| !occluded.contains(e))
            .filter_map(|e| {
                let m = t.marker(e)?;
                let ink = glyph_ink(&img, &g, e, SHAPE_SIZE, SHAPE_SPAN, SHAPE_MIN_CONTRAST)?;
                Some((m, orientation(e), ink))
            })
            .collect()
    } else {
        Vec::new()
    };
    Some(ShapeShot {
        source: source.clone(),
        img,
        label: t,
        glyphs,
    })
}

/// The glyph shapes from every source's large glyphs, and their leave-one-source-out table:
/// each source's captures down-scaled ([`SHAPE_SCALES`]) and read, every labelled marker whose
/// glyph the reader found fitted with the shapes of the other sources.
fn glyph_shapes(
    rows: &[ShotRow],
    opts: &TangoReadOptions,
) -> (snapsolve::models::shapes::GlyphShapes, String) {
    use snapsolve::models::shapes::{GlyphShapes, SHAPE_SIZE, SHAPE_SPAN};
    let tick = || {};
    let shots: Vec<ShapeShot> =
        snapsolve::parallel::run_ordered(rows, 2, &tick, |r| shape_shot(r, opts))
            .into_iter()
            .flatten()
            .collect();
    let all: Vec<_> = shots
        .iter()
        .flat_map(|s| s.glyphs.iter().cloned())
        .collect();
    let shapes = GlyphShapes::average(&all, SHAPE_SIZE, SHAPE_SPAN);
    let sources: BTreeSet<&str> = shots.iter().map(|s| s.source.as_str()).collect();
    let view = TangoReadOptions::default();
    let sure = view.marker_shape_view.map_or(f32::INFINITY, |v| v[0]);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "## tango-glyph-shape\n\nLeave-one-source-out: the shapes averaged from the large glyphs \
         (cells of {SHAPE_MIN_CELL} px or more) of the other sources, fitted to every labelled \
         marker glyph the reader finds on this source's captures down-scaled 0.5x, 0.35x and \
         0.3x (`TangoReadOptions::marker_shape_half` {}, offsets up to {} px). `sure`: log \
         residual ratio of at least {sure} (`marker_shape_view`).\n\n| held-out source | large \
         glyphs | glyphs read | hand rule right | shapes right | of them under 4.5 px: glyphs \
         / shapes right | sure | sure and wrong | largest ratio of a wrong fit |\n|---|---|---|---|---|---|---|---|---|",
        view.marker_shape_half, view.marker_shape_reach
    );
    let mut total = [0usize; 7];
    let mut worst_all = 0.0f32;
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    for src in &sources {
        let others: Vec<_> = shots
            .iter()
            .filter(|s| s.source != *src)
            .flat_map(|s| s.glyphs.iter().cloned())
            .collect();
        let own = shots
            .iter()
            .filter(|s| s.source == *src)
            .map(|s| s.glyphs.len())
            .sum::<usize>();
        let held = GlyphShapes::average(&others, SHAPE_SIZE, SHAPE_SPAN);
        let mut c = [0usize; 7];
        let mut worst = 0.0f32;
        for shot in shots.iter().filter(|s| s.source == *src) {
            for f in SHAPE_SCALES {
                let small = perturb::scale(&shot.img, f);
                let (reading, trace) = read_tango_traced(&small, opts);
                let Ok(reading) = reading else { continue };
                if (reading.grid.rows, reading.grid.cols) != (shot.label.rows(), shot.label.cols())
                {
                    continue;
                }
                let scaled = held.at_cell(reading.grid.cell_w.min(reading.grid.cell_h));
                for er in &trace.edges {
                    let (Some(hand), Some(want)) = (er.marker, shot.label.marker(er.edge)) else {
                        continue;
                    };
                    let Some(fit) = scaled.fit(
                        &small,
                        &reading.grid,
                        er.edge,
                        reading.theme,
                        view.marker_shape_half,
                        view.marker_shape_reach,
                    ) else {
                        continue;
                    };
                    let (kind, ratio) = fit.best();
                    let small_glyph = er.glyph_px < 4.5;
                    c[0] += 1;
                    c[1] += usize::from(hand == want);
                    c[2] += usize::from(kind == want);
                    c[3] += usize::from(small_glyph);
                    c[4] += usize::from(small_glyph && kind == want);
                    c[5] += usize::from(ratio >= sure);
                    c[6] += usize::from(ratio >= sure && kind != want);
                    if kind != want {
                        worst = worst.max(ratio);
                    }
                }
            }
        }
        for (t, v) in total.iter_mut().zip(c) {
            *t += v;
        }
        worst_all = worst_all.max(worst);
        let _ = writeln!(
            out,
            "| {src} | {own} | {} | {:.2}% | {:.2}% | {} / {:.2}% | {} | {} | {worst:.3} |",
            c[0],
            pct(c[1], c[0]),
            pct(c[2], c[0]),
            c[3],
            pct(c[4], c[3]),
            c[5],
            c[6]
        );
    }
    let _ = writeln!(
        out,
        "| **all** | {} | {} | **{:.2}%** | **{:.2}%** | {} / {:.2}% | {} | {} | {worst_all:.3} |\n",
        all.len(),
        total[0],
        pct(total[1], total[0]),
        pct(total[2], total[0]),
        total[3],
        pct(total[4], total[3]),
        total[5],
        total[6]
    );
    (shapes, out)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |name: &str, default: &str| -> String {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
            .unwrap_or_else(|| default.to_string())
    };
    let shots = PathBuf::from(arg("--shots", "../shared/realshots"));
    let out = PathBuf::from(arg("--out", "models"));
    let n_synth: u64 = arg("--synthetic", "120").parse()?;
    let n_small: u64 = arg("--small", "200").parse()?;
    // The learned views off: the data must not depend on the embedded models.
    // The enlarged second look of the locator off too: the data are the boards found at the
    // capture's own scale.
    let opts = TangoReadOptions {
        marker_glyph_model: None,
        marker_glyph_small_model: None,
        marker_shape_view: None,
        enlarge_below: None,
        ..TangoReadOptions::default()
    };
    let rows = manifest(&shots, "tango")?;
    let (shapes, shapes_section) = glyph_shapes(&rows, &opts);
    std::fs::write(out.join("tango-glyph-shape.v1"), shapes.to_text())?;
    if args.iter().any(|a| a == "--only-shapes") {
        print!("{shapes_section}");
        return Ok(());
    }
    let tick = || {};
    let cases: Vec<(usize, &str)> = (0..rows.len())
        .flat_map(|i| AUGMENT.iter().chain(&SMALL_AUGMENT).map(move |a| (i, *a)))
        .collect();
    let real: Vec<Option<Shot>> =
        snapsolve::parallel::run_ordered(&cases, 2, &tick, |(i, a)| real_shot(&rows[*i], a, &opts));
    let seeds: Vec<u64> = (0..n_synth).collect();
    let synth: Vec<Option<Shot>> =
        snapsolve::parallel::run_ordered(&seeds, 2, &tick, |&i| synthetic_shot(i, false, &opts));
    let small_seeds: Vec<u64> = (0..n_small).collect();
    let mut real = real;
    real.extend(snapsolve::parallel::run_ordered(
        &small_seeds,
        2,
        &tick,
        |&i| synthetic_shot(i, true, &opts),
    ));
    eprintln!(
        "real images (and small synthetic renders) used {}/{}, synthetic {}/{}",
        real.iter().flatten().count(),
        cases.len() + small_seeds.len(),
        synth.iter().flatten().count(),
        n_synth
    );
    let ground_seeds: Vec<u64> = (0..n_synth).collect();
    let grounds_held: Vec<Option<Vec<Elem>>> =
        snapsolve::parallel::run_ordered(&ground_seeds, 2, &tick, |&i| {
            tango_grounds(i, true, &opts)
        });
    let grounds_train: Vec<Option<Vec<Elem>>> =
        snapsolve::parallel::run_ordered(&ground_seeds, 2, &tick, |&i| {
            tango_grounds(i, false, &opts)
        });
    eprintln!(
        "Tango background renders: held-out varied {}/{n_synth}, training {}/{n_synth}",
        grounds_held.iter().flatten().count(),
        grounds_train.iter().flatten().count()
    );
    let flat = |v: &[Option<Shot>], what: usize| -> Vec<Elem> {
        v.iter()
            .flatten()
            .flat_map(|s| {
                [&s.edges, &s.cells, &s.glyphs, &s.grounds, &s.small][what]
                    .iter()
                    .cloned()
            })
            .collect()
    };
    let mut report = String::new();
    for (file, name, classes, features, cells) in [
        (
            "tango-edge.v1",
            "tango-edge",
            &EDGE_CLASSES[..],
            &EDGE_FEATURES[..],
            0,
        ),
        (
            "tango-cell.v1",
            "tango-cell",
            &CELL_CLASSES[..],
            &CELL_FEATURES[..],
            1,
        ),
        (
            "tango-glyph.v1",
            "tango-glyph",
            &GLYPH_CLASSES[..],
            &GLYPH_FEATURES[..],
            2,
        ),
        (
            "tango-glyph-small.v1",
            "tango-glyph-small",
            &GLYPH_CLASSES[..],
            &GLYPH_SMALL_FEATURES[..],
            4,
        ),
        (
            "tango-background.v1",
            "tango-background",
            &BACKGROUND_CLASSES[..],
            &BACKGROUND_FEATURES[..],
            3,
        ),
    ] {
        let (mut held, mut always, mut listed) = (flat(&real, cells), flat(&synth, cells), 40);
        if name == "tango-glyph-small" {
            // The renderer's small glyphs are not LinkedIn's (held out, the model trained on
            // real captures read them 68% right, the hand rule 98%): they are training data
            // here, and the held-out folds are the real sources only.
            let (rendered, real_only): (Vec<Elem>, Vec<Elem>) = held
                .into_iter()
                .partition(|e| e.source == "synthetic-small");
            held = real_only;
            always.extend(rendered);
        }
        if name == "tango-background" {
            held.extend(grounds_held.iter().flatten().flatten().cloned());
            always.extend(grounds_train.iter().flatten().flatten().cloned());
            listed = 200;
        }
        let (m, section) = train_one(name, classes, features, &held, &always, listed);
        std::fs::write(out.join(file), m.to_text())?;
        report.push_str(&section);
    }
    let queens_opts = QueensReadOptions::default();
    let queens_rows = manifest(&shots, "queens")?;
    let mut queens_real: Vec<Option<QueensShot>> =
        snapsolve::parallel::run_ordered(&queens_rows, 2, &tick, |r| real_queens(r, &queens_opts));
    let n_queens_real = queens_real.iter().flatten().count();
    let varied_seeds: Vec<u64> = (0..n_synth).collect();
    queens_real.extend(snapsolve::parallel::run_ordered(
        &varied_seeds,
        2,
        &tick,
        |&i| synthetic_queens(i, true, &queens_opts),
    ));
    let queens_synth: Vec<Option<QueensShot>> =
        snapsolve::parallel::run_ordered(&seeds, 2, &tick, |&i| {
            synthetic_queens(i, false, &queens_opts)
        });
    eprintln!(
        "real Queens images used {n_queens_real}/{}, varied renders {}/{n_synth}, synthetic {}/{n_synth}",
        queens_rows.len(),
        queens_real.iter().flatten().count() - n_queens_real,
        queens_synth.iter().flatten().count(),
    );
    let gather = |shots: &[Option<QueensShot>], pick: fn(&QueensShot) -> &Vec<Elem>| {
        shots
            .iter()
            .flatten()
            .flat_map(|s| pick(s).iter().cloned())
            .collect::<Vec<_>>()
    };
    let (m, section) = train_one(
        "queens-pair",
        &QUEENS_PAIR_CLASSES,
        &QUEENS_PAIR_FEATURES,
        &gather(&queens_real, |s| &s.pairs),
        &gather(&queens_synth, |s| &s.pairs),
        200,
    );
    std::fs::write(out.join("queens-pair.v1"), m.to_text())?;
    report.push_str(&section);
    let (m, section) = train_one(
        "queens-mark",
        &QUEENS_MARK_CLASSES,
        &QUEENS_MARK_FEATURES,
        &gather(&queens_real, |s| &s.marks),
        &gather(&queens_synth, |s| &s.marks),
        100,
    );
    std::fs::write(out.join("queens-mark.v1"), m.to_text())?;
    report.push_str(&section);
    report.push_str(&shapes_section);
    std::fs::write(out.join("REPORT.md"), &report)?;
    print!("{report}");
    Ok(())
}
