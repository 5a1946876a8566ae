//! Image inputs end to end, one at a time or by the folder: sniff the input, read the board,
//! solve it, check the player's pieces, compare with a label, and run many inputs in parallel
//! with the results in input order.
//!
//! Everything here returns plain data (no z3 objects): each worker thread builds and solves its
//! own z3 models inside [`crate::solve::solve`], so a batch runs on any number of threads and
//! gives the same results whatever that number.

use crate::board::{Doubt, Placed, Reading};
use crate::exit::Code;
use crate::format;
use crate::pipeline::{self, ReadOptions};
use crate::puzzle::{Edge, Game, Pos, Puzzle, Solution, Symbol, Tango};
use crate::solve::{self, Conflict, Outcome, Report, SolveError, SolveOptions};
use crate::vision::ReadError;
use crate::vision::decode::decode;
use image::RgbImage;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What an input's first bytes say it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A PNG, JPEG or WebP image (the formats the reader decodes).
    Image(&'static str),
    /// An image format the reader does not decode (GIF, BMP, TIFF, ICO, ...).
    OtherImage(&'static str),
    /// Anything else: treated as puzzle text (the parser names the line and column of what is
    /// wrong with it).
    Text,
}

/// Sniffs an input by its content (never by its file name: some `.png` files hold JPEG data).
pub fn sniff(bytes: &[u8]) -> InputKind {
    let starts = |m: &[u8]| bytes.starts_with(m);
    if starts(b"\x89PNG\r\n\x1a\n") {
        InputKind::Image("PNG")
    } else if starts(&[0xff, 0xd8, 0xff]) {
        InputKind::Image("JPEG")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        InputKind::Image("WebP")
    } else if starts(b"GIF87a") || starts(b"GIF89a") {
        InputKind::OtherImage("GIF")
    } else if starts(b"BM") && bytes.len() >= 14 && !bytes[..14].contains(&b'\n') {
        InputKind::OtherImage("BMP")
    } else if starts(b"II*\0") || starts(b"MM\0*") {
        InputKind::OtherImage("TIFF")
    } else if starts(&[0, 0, 1, 0]) {
        InputKind::OtherImage("ICO")
    } else if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
        InputKind::OtherImage("HEIF/AVIF")
    } else {
        InputKind::Text
    }
}

/// Options for reading and solving images.
#[derive(Clone, Debug, Default)]
pub struct ImageOptions {
    /// Reading (decoding limits, forced game, reader tunables).
    pub read: ReadOptions,
    /// Solving (timeout, conflict minimisation).
    pub solve: SolveOptions,
}

/// Why an image input gave no result.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The bytes could not be decoded, or no board was found.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The solver failed (a bug or an unusable board shape).
    #[error(transparent)]
    Solve(#[from] SolveError),
}

impl From<pipeline::PipelineError> for ImageError {
    fn from(e: pipeline::PipelineError) -> Self {
        match e {
            pipeline::PipelineError::Io { path, source } => ImageError::Io { path, source },
            pipeline::PipelineError::Read(r) => ImageError::Read(r),
        }
    }
}

/// The exit code of a reading error: 5 for images that cannot be decoded (or are too large),
/// 7 when no board was found.
pub fn read_error_code(e: &ReadError) -> Code {
    match e {
        ReadError::Decode(_) | ReadError::TooLarge { .. } => Code::BadInput,
        ReadError::NoBoard(_) | ReadError::NoBoardOfGame(_) => Code::NoBoard,
    }
}

/// The exit code of a solver error.
pub fn solve_error_code(e: &SolveError) -> Code {
    match e {
        SolveError::Puzzle(_) => Code::BadInput,
        SolveError::CheckerRejected(_) | SolveError::Unknown(_) | SolveError::Z3(_) => {
            Code::Internal
        }
    }
}

/// The exit code of a solver outcome.
pub fn outcome_code(o: &Outcome) -> Code {
    match o {
        Outcome::Unique(_) => Code::Ok,
        Outcome::Several { .. } => Code::Several,
        Outcome::None { .. } => Code::NoSolution,
        Outcome::Timeout { .. } => Code::Timeout,
    }
}

impl ImageError {
    /// The exit code: 6 for I/O, 5 for undecodable images, 7 for no board, 5/1 for solver
    /// errors.
    pub fn code(&self) -> Code {
        match self {
            ImageError::Io { .. } => Code::Io,
            ImageError::Read(r) => read_error_code(r),
            ImageError::Solve(s) => solve_error_code(s),
        }
    }
}

/// Wall-clock time per stage of one image.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StageTimes {
    /// Reading the file.
    pub load: Duration,
    /// Decoding the image.
    pub decode: Duration,
    /// Locating and classifying the board.
    pub read: Duration,
    /// Solving (both checks, or the conflict set).
    pub solve: Duration,
    /// Drawing and writing the overlay (zero when none was asked for).
    pub render: Duration,
}

/// A piece the player placed that disagrees with the unique solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongPiece {
    /// The piece as read.
    pub placed: Placed,
    /// For a Tango symbol: the symbol the solution has there.
    pub expected: Option<Symbol>,
}

impl std::fmt::Display for WrongPiece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.placed, self.expected) {
            (Placed::Symbol { pos, symbol }, Some(e)) => {
                write!(f, "{} at {pos} should be {}", symbol.letter(), e.letter())
            }
            (Placed::Symbol { pos, symbol }, None) => write!(f, "{} at {pos}", symbol.letter()),
            (Placed::Crown { pos }, _) => write!(f, "crown at {pos} is not in the solution"),
            (Placed::Cross { pos }, _) => write!(f, "x at {pos} covers a solution crown"),
        }
    }
}

/// "Check my progress": the placed pieces that disagree with a solution. Tango symbols that
/// differ from the solution; Queens crowns off the solution and x marks on a solution crown.
pub fn wrong_pieces(placed: &[Placed], solution: &Solution) -> Vec<WrongPiece> {
    placed
        .iter()
        .filter_map(|&pl| match pl {
            Placed::Symbol { pos, symbol } => {
                let want = solution.symbol(pos)?;
                (want != symbol).then_some(WrongPiece {
                    placed: pl,
                    expected: Some(want),
                })
            }
            Placed::Crown { pos } => (!solution.has_crown(pos)).then_some(WrongPiece {
                placed: pl,
                expected: None,
            }),
            Placed::Cross { pos } => solution.has_crown(pos).then_some(WrongPiece {
                placed: pl,
                expected: None,
            }),
        })
        .collect()
}

/// The cells a conflict set involves.
pub fn conflict_cells(p: &Puzzle, conflict: &[Conflict]) -> Vec<Pos> {
    let (rows, cols) = p.size();
    let mut out = Vec::new();
    for c in conflict {
        match *c {
            Conflict::Given { pos, .. } => out.push(pos),
            Conflict::Marker { edge, .. } => {
                let (a, b) = edge.cells();
                out.extend([a, b]);
            }
            Conflict::Row(r) => out.extend((0..cols).map(|k| Pos::new(r, k))),
            Conflict::Column(k) => out.extend((0..rows).map(|r| Pos::new(r, k))),
            Conflict::Region(k) => {
                if let Puzzle::Queens(q) = p
                    && let Some(cells) = q.region_cells().get(k)
                {
                    out.extend(cells.iter().copied());
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// When a read puzzle has no solution: the cells to look at, the reader's least confident
/// cells first. These are the cells of the conflict set; a cell the reader doubted comes first
/// (weakest first), then the others in reading order.
pub fn cells_to_look_at(reading: &Reading, conflict: &[Conflict]) -> Vec<Pos> {
    let cells = conflict_cells(&reading.puzzle, conflict);
    let conf = |p: Pos| -> f32 {
        reading
            .doubts
            .iter()
            .filter_map(|d| match *d {
                Doubt::Cell { pos, confidence } if pos == p => Some(confidence),
                Doubt::Edge { edge, confidence } => {
                    let (a, b) = edge.cells();
                    (a == p || b == p).then_some(confidence)
                }
                _ => None,
            })
            .fold(f32::INFINITY, f32::min)
    };
    let mut keyed: Vec<(f32, Pos)> = cells.into_iter().map(|p| (conf(p), p)).collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    keyed.into_iter().map(|(_, p)| p).collect()
}

/// A read and solved image (plain data).
#[derive(Clone, Debug)]
pub struct SolvedImage {
    /// What was read.
    pub reading: Reading,
    /// What the solver found.
    pub report: Report,
    /// Placed pieces that disagree with the unique solution (empty otherwise).
    pub wrong: Vec<WrongPiece>,
    /// With no solution: the cells to look at (see [`cells_to_look_at`]).
    pub look_at: Vec<Pos>,
    /// Stage times (`render` is filled by the caller that draws).
    pub times: StageTimes,
}

impl SolvedImage {
    /// The exit code of the outcome.
    pub fn code(&self) -> Code {
        outcome_code(&self.report.outcome)
    }
}

/// Solves a reading and checks the placed pieces.
pub fn solve_reading(reading: Reading, opts: &SolveOptions) -> Result<SolvedImage, SolveError> {
    let t = Instant::now();
    let report = solve::solve(&reading.puzzle, opts)?;
    let solve_time = t.elapsed();
    let (wrong, look_at) = match &report.outcome {
        Outcome::Unique(s) => (wrong_pieces(&reading.placed, s), Vec::new()),
        Outcome::None { conflict } => (Vec::new(), cells_to_look_at(&reading, conflict)),
        _ => (Vec::new(), Vec::new()),
    };
    Ok(SolvedImage {
        reading,
        report,
        wrong,
        look_at,
        times: StageTimes {
            solve: solve_time,
            ..StageTimes::default()
        },
    })
}

/// Decodes and reads image bytes, timing decode and read.
pub fn read_image_bytes(
    bytes: &[u8],
    opts: &ReadOptions,
) -> Result<(RgbImage, Reading, StageTimes), ReadError> {
    let t0 = Instant::now();
    let img = decode(bytes, &opts.decode)?;
    let decode_time = t0.elapsed();
    let t1 = Instant::now();
    let reading = pipeline::read_image(&img, opts)?;
    Ok((
        img,
        reading,
        StageTimes {
            decode: decode_time,
            read: t1.elapsed(),
            ..StageTimes::default()
        },
    ))
}

/// Decodes, reads and solves image bytes.
pub fn solve_image_bytes(
    bytes: &[u8],
    opts: &ImageOptions,
) -> Result<(RgbImage, SolvedImage), ImageError> {
    let (img, reading, t) = read_image_bytes(bytes, &opts.read)?;
    let mut solved = solve_reading(reading, &opts.solve)?;
    solved.times.decode = t.decode;
    solved.times.read = t.read;
    Ok((img, solved))
}

/// The solution to draw for an outcome (the unique one, or the first found before a timeout).
pub fn drawable_solution(o: &Outcome) -> Option<&Solution> {
    match o {
        Outcome::Unique(s) => Some(s),
        Outcome::Timeout { first: Some(s) } => Some(s),
        _ => None,
    }
}

/// Draws the answer onto a copy of the screenshot with [`crate::render::overlay`]: the
/// missing Tango symbols or the Queens crowns in the cells the reader found, wrong player
/// pieces marked, the reader's doubts outlined, and with no solution the conflict set (the
/// cells and markers to look at) outlined.
pub fn draw_overlay(
    img: &RgbImage,
    s: &SolvedImage,
) -> Result<RgbImage, crate::render::RenderError> {
    use crate::render::overlay::{OverlayMarks, OverlayOptions, overlay};
    let mut marks = OverlayMarks::default();
    if let Outcome::None { conflict } = &s.report.outcome {
        marks.conflict_cells = s.look_at.clone();
        marks.conflict_edges = conflict
            .iter()
            .filter_map(|c| match c {
                Conflict::Marker { edge, .. } => Some(*edge),
                _ => None,
            })
            .collect();
    }
    overlay(
        img,
        &s.reading,
        drawable_solution(&s.report.outcome),
        &marks,
        &OverlayOptions::default(),
    )
}

// ---------------------------------------------------------------------------------------------
// Folders, labels and regression checks.

/// The image file extensions `check` and batch `solve` pick up in a folder (case-insensitive).
pub const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "webp"];

/// Name of a folder of labels beside image folders (as in `../shared/realshots`).
pub const LABELS_DIR: &str = "labels";
/// Name of a manifest file listing images, labels and kinds (tab-separated, with a header).
pub const MANIFEST: &str = "MANIFEST.tsv";
/// Name of a folder whose images must be refused ("no board").
pub const NEGATIVE_DIR: &str = "negative";

/// Errors while listing a folder.
#[derive(Debug, thiserror::Error)]
#[error("cannot list {path}: {source}")]
pub struct ListError {
    /// The folder.
    pub path: String,
    /// The cause.
    pub source: std::io::Error,
}

/// An input found on the command line or in a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The file.
    pub path: PathBuf,
    /// The folder given on the command line it was found under (the file itself for a file
    /// argument's parent), for naming outputs.
    pub root: PathBuf,
}

impl Found {
    /// The path relative to its root (the file name for a file argument).
    pub fn relative(&self) -> PathBuf {
        self.path
            .strip_prefix(&self.root)
            .map(Path::to_path_buf)
            .unwrap_or_else(|_| self.path.clone())
    }
}

fn is_image_name(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| IMAGE_EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
}

/// Lists the images under a folder, recursively, sorted by path; `labels/` folders and hidden
/// entries are skipped.
pub fn list_images(dir: &Path) -> Result<Vec<PathBuf>, ListError> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let rd = std::fs::read_dir(&d).map_err(|source| ListError {
            path: d.display().to_string(),
            source,
        })?;
        for e in rd {
            let e = e.map_err(|source| ListError {
                path: d.display().to_string(),
                source,
            })?;
            let name = e.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') {
                continue;
            }
            let p = e.path();
            // Follows symbolic links (metadata, not symlink_metadata).
            let Ok(meta) = std::fs::metadata(&p) else {
                continue;
            };
            if meta.is_dir() {
                if name != LABELS_DIR {
                    stack.push(p);
                }
            } else if is_image_name(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Expands command-line inputs: a folder becomes its images (see [`list_images`]), anything
/// else is kept as given (so that a bad path is reported as that input's error).
pub fn expand_inputs(inputs: &[PathBuf]) -> Result<Vec<Found>, ListError> {
    let mut out = Vec::new();
    for i in inputs {
        if i.is_dir() {
            for p in list_images(i)? {
                out.push(Found {
                    path: p,
                    root: i.clone(),
                });
            }
        } else {
            out.push(Found {
                path: i.clone(),
                root: i.parent().map(Path::to_path_buf).unwrap_or_default(),
            });
        }
    }
    Ok(out)
}

/// What a regression check expects of an image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The reader must read exactly this puzzle.
    Label {
        /// The label file.
        path: PathBuf,
        /// The labelled puzzle, or why the label could not be read.
        puzzle: Result<Puzzle, String>,
        /// Tango only: compare up to swapping the two symbols (themed boards, whose icons
        /// have no fixed sun/moon meaning).
        swap_ok: bool,
    },
    /// The image shows no Tango or Queens board: reading must refuse it.
    NoBoard,
    /// No label: the board read must have exactly one solution.
    Unique,
}

/// One image of a regression check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The image.
    pub image: Found,
    /// What is expected.
    pub expect: Expect,
    /// Kinds from a manifest (e.g. `full page`, `dark`), for the summary table; empty without
    /// a manifest.
    pub kinds: Vec<String>,
}

#[derive(Clone, Debug)]
struct ManifestRow {
    label: Option<String>,
    kinds: Vec<String>,
    negative: bool,
}

/// Parses a `MANIFEST.tsv`: columns `file`, `label` and `kind` (comma-separated kinds; the
/// kind `negative` marks an image without board). Rows keyed by `file`.
fn parse_manifest(text: &str) -> BTreeMap<String, ManifestRow> {
    let mut lines = text.lines();
    let Some(head) = lines.next() else {
        return BTreeMap::new();
    };
    let header: Vec<&str> = head.split('\t').map(str::trim).collect();
    let col = |name: &str| header.iter().position(|h| *h == name);
    let (Some(cf), cl, ck) = (col("file"), col("label"), col("kind")) else {
        return BTreeMap::new();
    };
    let mut out = BTreeMap::new();
    for l in lines.filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = l.split('\t').collect();
        let Some(file) = f.get(cf) else { continue };
        let label = cl
            .and_then(|i| f.get(i))
            .map(|s| s.trim())
            .filter(|s| !s.is_empty() && *s != "-")
            .map(str::to_string);
        let kinds: Vec<String> = ck
            .and_then(|i| f.get(i))
            .map(|s| {
                s.split(',')
                    .map(|k| k.trim().to_string())
                    .filter(|k| !k.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        let negative = kinds.iter().any(|k| k == "negative");
        out.insert(
            file.trim().to_string(),
            ManifestRow {
                label,
                kinds,
                negative,
            },
        );
    }
    out
}

/// Finds what each image is expected to give. For an image `D/x.png` under a folder `ROOT`
/// given on the command line, in this order:
/// 1. a `MANIFEST.tsv` in `D` or any folder up to `ROOT`'s parent that lists the image (by
///    path relative to the manifest): its `label` column (a path relative to the manifest) or
///    kind `negative`; kind `themed` allows a sun/moon swap;
/// 2. a sidecar `D/x.txt`;
/// 3. `labels/x.png.txt` or `labels/x.txt` in `D` or any folder up to `ROOT`'s parent;
/// 4. an image under a folder named `negative` must be refused;
/// 5. otherwise the image must solve uniquely.
pub fn plan_check(found: &[Found]) -> Vec<Case> {
    let mut manifests: BTreeMap<PathBuf, BTreeMap<String, ManifestRow>> = BTreeMap::new();
    found.iter().map(|f| plan_one(f, &mut manifests)).collect()
}

fn ancestors_up_to_root_parent(f: &Found) -> Vec<PathBuf> {
    let stop = f.root.parent().map(Path::to_path_buf);
    let mut out = Vec::new();
    let mut cur = f.path.parent().map(Path::to_path_buf);
    while let Some(d) = cur {
        out.push(d.clone());
        if Some(&d) == stop.as_ref() || d.as_os_str().is_empty() {
            break;
        }
        if !d.starts_with(&f.root) && d != f.root {
            break;
        }
        cur = d.parent().map(Path::to_path_buf);
    }
    out
}

fn load_label(path: PathBuf, swap_ok: bool) -> Expect {
    let puzzle = match std::fs::read(&path) {
        Ok(b) => format::parse_bytes(&b).map_err(|e| format!("label {}: {e}", path.display())),
        Err(e) => Err(format!("cannot read label {}: {e}", path.display())),
    };
    Expect::Label {
        path,
        puzzle,
        swap_ok,
    }
}

fn plan_one(f: &Found, manifests: &mut BTreeMap<PathBuf, BTreeMap<String, ManifestRow>>) -> Case {
    let dirs = ancestors_up_to_root_parent(f);
    for d in &dirs {
        let rows = manifests.entry(d.clone()).or_insert_with(|| {
            std::fs::read_to_string(d.join(MANIFEST))
                .map(|t| parse_manifest(&t))
                .unwrap_or_default()
        });
        let Ok(rel) = f.path.strip_prefix(d) else {
            continue;
        };
        let key = rel.to_string_lossy().replace('\\', "/");
        if let Some(row) = rows.get(&key) {
            let expect = if row.negative {
                Expect::NoBoard
            } else if let Some(l) = &row.label {
                load_label(d.join(l), row.kinds.iter().any(|k| k == "themed"))
            } else {
                Expect::Unique
            };
            return Case {
                image: f.clone(),
                expect,
                kinds: row.kinds.clone(),
            };
        }
    }
    let case = |expect| Case {
        image: f.clone(),
        expect,
        kinds: Vec::new(),
    };
    let sidecar = f.path.with_extension("txt");
    if sidecar.is_file() {
        return case(load_label(sidecar, false));
    }
    let name = f.path.file_name().map(|n| n.to_string_lossy().into_owned());
    let stem = f.path.file_stem().map(|n| n.to_string_lossy().into_owned());
    for d in &dirs {
        for n in [&name, &stem].into_iter().flatten() {
            let l = d.join(LABELS_DIR).join(format!("{n}.txt"));
            if l.is_file() {
                return case(load_label(l, false));
            }
        }
    }
    let rel = f.relative();
    let negative = rel
        .parent()
        .into_iter()
        .flat_map(|p| p.components())
        .chain(f.root.file_name().map(std::path::Component::Normal))
        .any(|c| c.as_os_str().eq_ignore_ascii_case(NEGATIVE_DIR));
    case(if negative {
        Expect::NoBoard
    } else {
        Expect::Unique
    })
}

/// The result of checking one image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// As expected.
    Pass,
    /// Not as expected: a one-line reason and the differing cells or edges.
    Fail {
        /// What went wrong.
        reason: String,
        /// Cell-by-cell differences (`r2c3: want S, read .`).
        diffs: Vec<String>,
    },
    /// The puzzle read differs from the label only in cells the reader itself flagged as
    /// doubtful, and both have the same unique solution: the image does not show what the
    /// label says there (e.g. a locked cell hidden under LinkedIn's rule-break stripes). Counts
    /// as a pass, and is listed apart.
    Equivalent {
        /// Cell-by-cell differences, as in [`Verdict::Fail`].
        diffs: Vec<String>,
    },
    /// The image could not be processed in a way the expectation does not allow.
    Error {
        /// The exit code the error would have on its own.
        code: Code,
        /// The message.
        message: String,
    },
}

impl Verdict {
    /// Whether the check passed.
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Pass | Verdict::Equivalent { .. })
    }
    /// `pass`, `fail` or `error`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Equivalent { .. } => "equivalent",
            Verdict::Fail { .. } => "fail",
            Verdict::Error { .. } => "error",
        }
    }
}

/// The result of [`check_case`] (plain data).
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The verdict.
    pub verdict: Verdict,
    /// The game and size read, when a board was read.
    pub read: Option<(Game, usize, usize)>,
    /// The solver outcome name, when the board was solved.
    pub outcome: Option<&'static str>,
    /// Stage times.
    pub times: StageTimes,
}

fn swap_symbols(t: &Tango) -> Tango {
    let mut s = t.clone();
    for p in t.positions() {
        s.set_given(p, t.given(p).map(Symbol::other));
    }
    s
}

fn cell_char(p: &Puzzle, pos: Pos) -> char {
    match p {
        Puzzle::Tango(t) => t.given(pos).map_or('.', Symbol::letter),
        Puzzle::Queens(q) => crate::puzzle::Queens::letter(q.region(pos)),
    }
}

fn marker_str(t: &Tango, e: Edge) -> String {
    t.marker(e)
        .map_or_else(|| "none".to_string(), |m| m.glyph().to_string())
}

/// Compares a read puzzle with its label: `None` when equal (up to a sun/moon swap when
/// `swap_ok`), else the differences.
/// Whether a reading that differs from its label is still equivalent: every differing cell is
/// one the reader flagged as doubtful, no marker differs, and both puzzles have the same unique
/// solution.
pub fn equivalent(want: &Puzzle, reading: &Reading, opts: &SolveOptions) -> bool {
    let (Puzzle::Tango(w), Puzzle::Tango(g)) = (want, &reading.puzzle) else {
        return false;
    };
    if (w.rows(), w.cols()) != (g.rows(), g.cols()) || w.markers().ne(g.markers()) {
        return false;
    }
    let doubted = |p: Pos| {
        reading
            .doubts
            .iter()
            .any(|d| matches!(d, crate::board::Doubt::Cell { pos, .. } if *pos == p))
    };
    if !w
        .positions()
        .filter(|&p| w.given(p) != g.given(p))
        .all(doubted)
    {
        return false;
    }
    let unique = |p: &Puzzle| match solve::solve(p, opts).map(|r| r.outcome) {
        Ok(Outcome::Unique(s)) => Some(s),
        _ => None,
    };
    matches!((unique(want), unique(&reading.puzzle)), (Some(a), Some(b)) if a == b)
}

/// Compares a puzzle read with its label; `None` when they agree.
pub fn compare(want: &Puzzle, got: &Puzzle, swap_ok: bool) -> Option<(String, Vec<String>)> {
    if want.game() != got.game() {
        return Some((
            format!("read a {} board, the label is {}", got.game(), want.game()),
            Vec::new(),
        ));
    }
    if want.size() != got.size() {
        let (a, b) = (want.size(), got.size());
        return Some((
            format!("read {}x{}, the label is {}x{}", b.0, b.1, a.0, a.1),
            Vec::new(),
        ));
    }
    if want == got {
        return None;
    }
    if swap_ok
        && let (Puzzle::Tango(w), Puzzle::Tango(g)) = (want, got)
        && swap_symbols(g) == *w
    {
        return None;
    }
    let (rows, cols) = want.size();
    let mut diffs = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let p = Pos::new(r, c);
            let (a, b) = (cell_char(want, p), cell_char(got, p));
            if a != b {
                diffs.push(format!("{p}: want {a}, read {b}"));
            }
        }
    }
    if let (Puzzle::Tango(w), Puzzle::Tango(g)) = (want, got) {
        for e in w.edges() {
            if w.marker(e) != g.marker(e) {
                diffs.push(format!(
                    "{e}: want {}, read {}",
                    marker_str(w, e),
                    marker_str(g, e)
                ));
            }
        }
    }
    Some((
        format!(
            "the puzzle read differs from the label ({} differences)",
            diffs.len()
        ),
        diffs,
    ))
}

/// Checks one image against its expectation (reads the file, decodes, reads the board and,
/// for unlabelled images, solves it).
pub fn check_case(case: &Case, opts: &ImageOptions) -> CaseResult {
    let mut times = StageTimes::default();
    let t0 = Instant::now();
    let bytes = pipeline::read_file_limited(&case.image.path, opts.read.decode.max_file_bytes);
    times.load = t0.elapsed();
    let mut res = CaseResult {
        verdict: Verdict::Pass,
        read: None,
        outcome: None,
        times,
    };
    let bytes = match bytes {
        Ok(b) => b,
        Err(e) => {
            let e = ImageError::from(e);
            res.verdict = Verdict::Error {
                code: e.code(),
                message: e.to_string(),
            };
            return res;
        }
    };
    let read = read_image_bytes(&bytes, &opts.read);
    let reading = match read {
        Ok((_, reading, t)) => {
            res.times.decode = t.decode;
            res.times.read = t.read;
            let (r, c) = reading.puzzle.size();
            res.read = Some((reading.game(), r, c));
            reading
        }
        Err(e) => {
            res.verdict = match (&case.expect, &e) {
                (Expect::NoBoard, ReadError::NoBoard(_) | ReadError::NoBoardOfGame(_)) => {
                    Verdict::Pass
                }
                _ => Verdict::Error {
                    code: read_error_code(&e),
                    message: e.to_string(),
                },
            };
            return res;
        }
    };
    res.verdict = match &case.expect {
        Expect::NoBoard => Verdict::Fail {
            reason: format!(
                "expected no board, read a {} {}x{} board",
                reading.game(),
                reading.puzzle.size().0,
                reading.puzzle.size().1
            ),
            diffs: Vec::new(),
        },
        Expect::Label {
            puzzle: Err(msg), ..
        } => Verdict::Error {
            code: Code::BadInput,
            message: msg.clone(),
        },
        Expect::Label {
            puzzle: Ok(want),
            swap_ok,
            ..
        } => match compare(want, &reading.puzzle, *swap_ok) {
            None => Verdict::Pass,
            Some((reason, diffs)) => {
                if equivalent(want, &reading, &opts.solve) {
                    Verdict::Equivalent { diffs }
                } else {
                    Verdict::Fail { reason, diffs }
                }
            }
        },
        Expect::Unique => {
            let t = Instant::now();
            let r = solve::solve(&reading.puzzle, &opts.solve);
            res.times.solve = t.elapsed();
            match r {
                Ok(rep) => {
                    res.outcome = Some(rep.outcome.name());
                    match &rep.outcome {
                        Outcome::Unique(_) => Verdict::Pass,
                        Outcome::Several { differ, .. } => Verdict::Fail {
                            reason: "the board read has several solutions".into(),
                            diffs: vec![format!(
                                "two solutions differ at {}",
                                differ
                                    .iter()
                                    .map(|p| p.to_string())
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            )],
                        },
                        Outcome::None { conflict } => Verdict::Fail {
                            reason: "the board read has no solution".into(),
                            diffs: conflict.iter().map(|c| c.to_string()).collect(),
                        },
                        Outcome::Timeout { .. } => Verdict::Error {
                            code: Code::Timeout,
                            message: "the solver timed out".into(),
                        },
                    }
                }
                Err(e) => Verdict::Error {
                    code: solve_error_code(&e),
                    message: e.to_string(),
                },
            }
        }
    };
    res
}

/// Runs `f` over `items` on `threads` worker threads (0: one per core) and returns the results
/// in input order. `tick` is called after each item (from the worker threads), e.g. to advance
/// a progress bar.
pub fn run_ordered<T, R, F>(items: &[T], threads: usize, tick: &(dyn Fn() + Sync), f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync + Send,
{
    use rayon::prelude::*;
    let work = |x: &T| {
        let r = f(x);
        tick();
        r
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| items.par_iter().map(work).collect()),
        Err(_) => items.iter().map(work).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_content() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nxx"), InputKind::Image("PNG"));
        assert_eq!(sniff(&[0xff, 0xd8, 0xff, 0xe1]), InputKind::Image("JPEG"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), InputKind::Image("WebP"));
        assert_eq!(sniff(b"GIF89a...."), InputKind::OtherImage("GIF"));
        assert_eq!(sniff(b"tango 6x6\n"), InputKind::Text);
        assert_eq!(sniff(b""), InputKind::Text);
    }

    #[test]
    fn wrong_pieces_tango_and_queens() {
        let sol = Solution::Tango {
            rows: 2,
            cols: 2,
            cells: vec![Symbol::Sun, Symbol::Moon, Symbol::Moon, Symbol::Sun],
        };
        let placed = [
            Placed::Symbol {
                pos: Pos::new(0, 0),
                symbol: Symbol::Sun,
            },
            Placed::Symbol {
                pos: Pos::new(0, 1),
                symbol: Symbol::Sun,
            },
        ];
        let w = wrong_pieces(&placed, &sol);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].expected, Some(Symbol::Moon));
        assert_eq!(w[0].to_string(), "S at r1c2 should be M");
        let q = Solution::Queens {
            crowns: vec![1, 3, 0, 2],
        };
        let placed = [
            Placed::Crown {
                pos: Pos::new(0, 1),
            },
            Placed::Crown {
                pos: Pos::new(1, 0),
            },
            Placed::Cross {
                pos: Pos::new(2, 0),
            },
            Placed::Cross {
                pos: Pos::new(3, 3),
            },
        ];
        let w: Vec<Pos> = wrong_pieces(&placed, &q)
            .iter()
            .map(|w| w.placed.pos())
            .collect();
        assert_eq!(w, vec![Pos::new(1, 0), Pos::new(2, 0)]);
    }

    #[test]
    fn compare_names_cells_and_edges() {
        let want = format::parse("tango 2x2\nS=.\n\n. .\n").unwrap();
        let got = format::parse("tango 2x2\nM .\n\n. .\n").unwrap();
        let (_, d) = compare(&want, &got, false).unwrap();
        assert_eq!(
            d,
            vec!["r1c1: want S, read M", "r1c1|r1c2: want =, read none"]
        );
        let a = format::parse("tango 2x2\nS .\n\n. M\n").unwrap();
        let b = format::parse("tango 2x2\nM .\n\n. S\n").unwrap();
        assert!(compare(&a, &b, false).is_some());
        assert!(compare(&a, &b, true).is_none());
        assert!(compare(&a, &a, false).is_none());
    }

    #[test]
    fn manifest_rows() {
        let m = parse_manifest(
            "file\tgame\tlabel\tkind\nneg/a.png\tzip\t-\tnegative\nt/b.png\ttango\tlabels/b.txt\tfull page, dark\n",
        );
        assert!(m["neg/a.png"].negative);
        assert_eq!(m["t/b.png"].label.as_deref(), Some("labels/b.txt"));
        assert_eq!(m["t/b.png"].kinds, vec!["full page", "dark"]);
    }

    #[test]
    fn ordered_results_whatever_the_thread_count() {
        let items: Vec<u64> = (0..200).collect();
        let f = |x: &u64| x * x;
        let one = run_ordered(&items, 1, &|| {}, f);
        let two = run_ordered(&items, 2, &|| {}, f);
        assert_eq!(one, two);
        assert_eq!(one[17], 289);
    }
}
